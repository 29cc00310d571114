/*
 * The FFTW side of the frequency bench (tools/src/bench/frequency.ts compiles it with `cc -O2
 * fftw-side.c -lfftw3 -lm` when fftw3.h is installed, e.g. Debian libfftw3-dev; absent, the bench
 * skips it). For each length in argv: the least time of real-to-complex and complex transforms
 * with FFTW_MEASURE plans made beforehand, one JSON line each (ms).
 */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char** argv) {
  for (int a = 1; a < argc; ++a) {
    const long n = strtol(argv[a], NULL, 10);
    double* x = fftw_malloc(sizeof(double) * n);
    fftw_complex* out = fftw_malloc(sizeof(fftw_complex) * n);
    fftw_complex* cin = fftw_malloc(sizeof(fftw_complex) * n);
    fftw_plan pr = fftw_plan_dft_r2c_1d((int)n, x, out, FFTW_MEASURE);
    fftw_plan pc = fftw_plan_dft_1d((int)n, cin, out, FFTW_FORWARD, FFTW_MEASURE);
    for (long i = 0; i < n; ++i) {
      x[i] = sin(0.1 * i) + 0.01 * (i % 7);
      cin[i][0] = x[i];
      cin[i][1] = 0;
    }
    const int reps = n > (1L << 20) ? 10 : n > (1L << 17) ? 40 : 200;
    double best_r = 1e300, best_c = 1e300;
    for (int r = 0; r < reps; ++r) {
      double t0 = now_ms();
      fftw_execute(pr);
      double t1 = now_ms();
      fftw_execute(pc);
      double t2 = now_ms();
      if (t1 - t0 < best_r) best_r = t1 - t0;
      if (t2 - t1 < best_c) best_c = t2 - t1;
    }
    printf("{\"n\": %ld, \"realMs\": %.6f, \"complexMs\": %.6f}\n", n, best_r, best_c);
    fftw_destroy_plan(pr);
    fftw_destroy_plan(pc);
    fftw_free(x);
    fftw_free(out);
    fftw_free(cin);
  }
  return 0;
}
