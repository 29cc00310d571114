#include "erasure/solve.h"

#include <cmath>
#include <vector>

#include "common/checks.h"
#include "erasure/code.h"

namespace svc::core {

CallStatus ValidateErasure(std::string_view /*command*/, const ErasureProblem& p, const SolveOptions& options,
                           std::string* error) {
  const auto fail = [&](std::string message) {
    Fail(error, std::move(message));
    return CallStatus::kError;
  };
  const ErasureView& e = p.erasure;
  if (!p.linear.empty() || !p.pairs.i.empty() || p.complete || !options.warm_start.empty()) {
    return fail("erasure takes only its own fields");
  }
  if (e.k < 1 || e.m < 0 || e.k + e.m > erasure::kMaxShards) return fail("erasure needs k >= 1, m >= 0 and k + m <= 255");
  if (p.n != e.k + e.m) return fail("erasure needs n = k + m");
  if (!(e.shard_size >= 1 && e.shard_size == std::floor(e.shard_size) && e.shard_size <= 9007199254740991.0)) {
    return fail("erasure needs a whole shard size of at least 1");
  }
  if (e.present.size() != static_cast<size_t>(p.n)) return fail("erasure needs one present flag per shard");
  size_t given = 0;
  for (uint8_t f : e.present) {
    if (f > 1) return fail("present flags must be 0 or 1");
    given += f;
  }
  if (given < static_cast<size_t>(e.k)) return fail("erasure needs at least k present shards");
  // given * shard_size, without overflow: the shards must be exactly that long.
  if (e.shard_size > static_cast<double>(e.shards.size()) ||
      e.shards.size() / given != static_cast<size_t>(e.shard_size) || e.shards.size() % given != 0) {
    return fail("shards must hold shard_size bytes per present shard");
  }
  return CallStatus::kOk;
}

CallStatus SolveErasureWith(erasure::Kernel kernel, const ErasureProblem& p, SolveResult* out, std::string* error) {
  const ErasureView& e = p.erasure;
  const size_t size = static_cast<size_t>(e.shard_size);
  // Sources: the first k present shards (the first k slots of `shards`); targets: every absent one.
  std::vector<int32_t> sources, targets;
  for (int32_t i = 0; i < p.n; ++i) {
    if (e.present[i] == 0) {
      targets.push_back(i);
    } else if (static_cast<int32_t>(sources.size()) < e.k) {
      sources.push_back(i);
    }
  }
  std::vector<uint8_t> rows;
  if (!erasure::RebuildRows(e.k, sources, targets, &rows)) {
    Fail(error, "the code's matrix is singular on these shards");
    return CallStatus::kError;
  }
  out->kind = ResultKind::kBytes;
  out->answer.assign(targets.size() * size, 0);
  out->order = targets;
  std::vector<const uint8_t*> in(e.k);
  for (int32_t s = 0; s < e.k; ++s) in[s] = e.shards.data() + static_cast<size_t>(s) * size;
  std::vector<uint8_t*> dst(targets.size());
  for (size_t t = 0; t < targets.size(); ++t) dst[t] = out->answer.data() + t * size;
  erasure::DotProduct(kernel, e.k, static_cast<int32_t>(targets.size()), rows.data(), in.data(), dst.data(), size);
  out->objective = 0;
  out->proof = Proof::kNone;
  out->status = ResultStatus::kOptimal;
  out->work.iterations = static_cast<int64_t>(targets.size());
  out->SetExtra("kernel", static_cast<double>(kernel));
  return CallStatus::kOk;
}

CallStatus SolveErasure(const ErasureProblem& p, const SolveOptions& /*options*/, const Limits& /*limits*/,
                        SolveResult* out, std::string* error) {
  // One pass of table lookups over the data: no search, nothing a deadline could shorten.
  return SolveErasureWith(erasure::BestKernel(), p, out, error);
}

}  // namespace svc::core
