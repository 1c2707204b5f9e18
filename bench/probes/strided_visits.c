// How long compiled code waits per visit of a [k, n] operand's row sliver
// (not part of any test; a probe for docs and notes). IREE's llvm-cpu code
// walks B stored [k, n] a register tile's sliver at a time: register_tile_n
// floats (64 B on AVX-512) of each row, rows `stride` bytes apart, for every
// reduction step. This reads a buffer the same way (slivers of 64 B, all
// rows of one sliver, then the next) and prints nanoseconds per visit
// against the buffer's size. On the Intel VM (bench/results/intel-xeon-vm/
// strided-visits.txt) it reads 5-7 ns per visit from 4 to 32 MiB and 20 ns
// from 64 MiB, where IREE's skinny [k, n] matmuls measure 19-28 ns per
// visit. mlsysim-calibrate measures the same pattern (memory.strided_visits).
//
//   gcc -O2 bench/probes/strided_visits.c -o /tmp/strided_visits
//   taskset -c 1 /tmp/strided_visits 16384
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

__attribute__((target("avx512f"))) static float pass(const char *b,
                                                     size_t rows,
                                                     size_t stride) {
  __m512 acc = _mm512_setzero_ps();
  for (size_t sliver = 0; sliver < stride / 64; ++sliver)
    for (size_t r = 0; r < rows; ++r)
      acc = _mm512_add_ps(
          acc, _mm512_loadu_ps((const float *)(b + r * stride + sliver * 64)));
  return _mm512_reduce_add_ps(acc);
}

int main(int argc, char **argv) {
  size_t stride = argc > 1 ? (size_t)atol(argv[1]) : 16384;
  for (size_t mib = 1; mib <= 256; mib *= 2) {
    size_t bytes = mib << 20;
    char *b = aligned_alloc(4096, bytes);
    memset(b, 1, bytes);
    size_t rows = bytes / stride;
    double best = 1e9;
    float sink = 0;
    for (int r = 0; r < 5; ++r) {
      double start = now();
      sink += pass(b, rows, stride);
      double t = now() - start;
      if (t < best)
        best = t;
    }
    double visits = (double)rows * (stride / 64);
    printf("stride %zu B, %4zu MiB: %5.1f ns per 64-B visit (%g)\n", stride,
           mib, best / visits * 1e9, sink);
    free(b);
  }
  return 0;
}
