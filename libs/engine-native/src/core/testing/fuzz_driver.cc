// A standalone driver for the libFuzzer harness (fuzz_solve.cc) when libFuzzer is not at hand
// (g++): feeds it SVC_FUZZ_RUNS (default 4000) pseudo-random inputs of 0..600 bytes from a fixed
// seed (SVC_FUZZ_SEED), then every file named on the command line. Under -fsanitize=address,
// undefined a finding aborts the run, and ctest reports it.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" void SvcFuzzStats(long* cases, long* accepted, long* solved);

int main(int argc, char** argv) {
  const char* runs_env = std::getenv("SVC_FUZZ_RUNS");
  const char* seed_env = std::getenv("SVC_FUZZ_SEED");
  const long runs = runs_env ? std::strtol(runs_env, nullptr, 10) : 4000;
  uint64_t s = seed_env ? std::strtoull(seed_env, nullptr, 10) : 20261124;
  auto next = [&s]() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  };
  std::vector<uint8_t> buf;
  for (long k = 0; k < runs; ++k) {
    buf.resize(next() % 601);
    for (auto& b : buf) b = static_cast<uint8_t>(next());
    LLVMFuzzerTestOneInput(buf.data(), buf.size());
  }
  for (int a = 1; a < argc; ++a) {
    std::ifstream in(argv[a], std::ios::binary);
    std::vector<uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(file.data(), file.size());
  }
  long cases = 0, accepted = 0, solved = 0;
  SvcFuzzStats(&cases, &accepted, &solved);
  std::printf("fuzz_solve: %ld generated inputs and %d files: %ld accepted by validation, %ld solved; no finding\n",
              runs, argc - 1, accepted, solved);
  return 0;
}
