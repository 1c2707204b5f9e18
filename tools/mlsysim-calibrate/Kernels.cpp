//===- Kernels.cpp - The loops whose speed is the host's peak -------------===//

#include "Kernels.h"

#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define MLSYSIM_X86 1
#endif

using namespace mlsysim::calibrate;

// A chain of FMAs can issue one FMA every `latency` cycles; with two FMA pipes
// and a latency of 4-5 cycles, at least 10 independent chains keep both pipes
// busy. 12 fit the 16 AVX2 registers with room for the operands. AVX-512 has
// 32, but 24 chains made GCC 12 keep the accumulators on the stack: 94
// GFLOP/s on a core whose two FMA pipes give 241 with 8, 12 or 16 chains
// (an Intel Xeon VM); 16 stay in registers.
namespace {
constexpr int kChains256 = 12;
constexpr int kChains512 = 16;
constexpr int kChainsGeneric = 12;
} // namespace

// The multiplier and addend keep every chain finite for any iteration count
// (a fixed point near 1), so denormals or infinities never slow a run down.
#define MLSYSIM_FMA_MUL 0.999999
#define MLSYSIM_FMA_ADD 0.000001

#ifdef MLSYSIM_X86
// `Chains` independent chains; one chain measures the FMA latency instead:
// each FMA waits for the one before it, so the peak over its rate is the
// chains a core needs in flight (latency x pipes), what a register tile of
// fewer accumulators loses.
template <int Chains>
__attribute__((target("avx512f"))) static double fmaAvx512F32(uint64_t n) {
  __m512 acc[Chains];
  for (int c = 0; c < Chains; ++c)
    acc[c] = _mm512_set1_ps(1.0f + c * 1e-3f);
  const __m512 mul = _mm512_set1_ps(MLSYSIM_FMA_MUL);
  const __m512 add = _mm512_set1_ps(MLSYSIM_FMA_ADD);
  for (uint64_t i = 0; i < n; ++i)
    for (int c = 0; c < Chains; ++c)
      acc[c] = _mm512_fmadd_ps(acc[c], mul, add);
  for (int c = 1; c < Chains; ++c)
    acc[0] = _mm512_add_ps(acc[0], acc[c]);
  alignas(64) float lanes[16];
  _mm512_store_ps(lanes, acc[0]);
  double sum = 0;
  for (float lane : lanes)
    sum += lane;
  return sum;
}

__attribute__((target("avx512f"))) static double fmaAvx512F64(uint64_t n) {
  __m512d acc[kChains512];
  for (int c = 0; c < kChains512; ++c)
    acc[c] = _mm512_set1_pd(1.0 + c * 1e-3);
  const __m512d mul = _mm512_set1_pd(MLSYSIM_FMA_MUL);
  const __m512d add = _mm512_set1_pd(MLSYSIM_FMA_ADD);
  for (uint64_t i = 0; i < n; ++i)
    for (int c = 0; c < kChains512; ++c)
      acc[c] = _mm512_fmadd_pd(acc[c], mul, add);
  for (int c = 1; c < kChains512; ++c)
    acc[0] = _mm512_add_pd(acc[0], acc[c]);
  alignas(64) double lanes[8];
  _mm512_store_pd(lanes, acc[0]);
  double sum = 0;
  for (double lane : lanes)
    sum += lane;
  return sum;
}

template <int Chains>
__attribute__((target("avx2,fma"))) static double fmaAvx2F32(uint64_t n) {
  __m256 acc[Chains];
  for (int c = 0; c < Chains; ++c)
    acc[c] = _mm256_set1_ps(1.0f + c * 1e-3f);
  const __m256 mul = _mm256_set1_ps(MLSYSIM_FMA_MUL);
  const __m256 add = _mm256_set1_ps(MLSYSIM_FMA_ADD);
  for (uint64_t i = 0; i < n; ++i)
    for (int c = 0; c < Chains; ++c)
      acc[c] = _mm256_fmadd_ps(acc[c], mul, add);
  for (int c = 1; c < Chains; ++c)
    acc[0] = _mm256_add_ps(acc[0], acc[c]);
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, acc[0]);
  double sum = 0;
  for (float lane : lanes)
    sum += lane;
  return sum;
}

__attribute__((target("avx2,fma"))) static double fmaAvx2F64(uint64_t n) {
  __m256d acc[kChains256];
  for (int c = 0; c < kChains256; ++c)
    acc[c] = _mm256_set1_pd(1.0 + c * 1e-3);
  const __m256d mul = _mm256_set1_pd(MLSYSIM_FMA_MUL);
  const __m256d add = _mm256_set1_pd(MLSYSIM_FMA_ADD);
  for (uint64_t i = 0; i < n; ++i)
    for (int c = 0; c < kChains256; ++c)
      acc[c] = _mm256_fmadd_pd(acc[c], mul, add);
  for (int c = 1; c < kChains256; ++c)
    acc[0] = _mm256_add_pd(acc[0], acc[c]);
  alignas(32) double lanes[4];
  _mm256_store_pd(lanes, acc[0]);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

static bool hasAvx512() { return __builtin_cpu_supports("avx512f"); }
static bool hasAvx2Fma() {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#endif // MLSYSIM_X86

/// Plain C++ chains: whatever the compiler's default target makes of them.
template <typename T> static double fmaGeneric(uint64_t n) {
  T acc[kChainsGeneric];
  for (int c = 0; c < kChainsGeneric; ++c)
    acc[c] = T(1) + T(c) * T(1e-3);
  for (uint64_t i = 0; i < n; ++i)
    for (int c = 0; c < kChainsGeneric; ++c)
      acc[c] = acc[c] * T(MLSYSIM_FMA_MUL) + T(MLSYSIM_FMA_ADD);
  double sum = 0;
  for (T value : acc)
    sum += value;
  return sum;
}

const char *mlsysim::calibrate::fmaInstructionSet() {
#ifdef MLSYSIM_X86
  if (hasAvx512())
    return "avx512f";
  if (hasAvx2Fma())
    return "avx2+fma";
#endif
  return "generic";
}

uint64_t mlsysim::calibrate::fmaFlopsPerIteration(FloatKind kind) {
  unsigned bytes = kind == FloatKind::F32 ? 4 : 8;
#ifdef MLSYSIM_X86
  if (hasAvx512())
    return uint64_t(kChains512) * (64 / bytes) * 2;
  if (hasAvx2Fma())
    return uint64_t(kChains256) * (32 / bytes) * 2;
#endif
  (void)bytes;
  return uint64_t(kChainsGeneric) * 2;
}

double mlsysim::calibrate::runFma(FloatKind kind, uint64_t iterations) {
#ifdef MLSYSIM_X86
  if (hasAvx512())
    return kind == FloatKind::F32 ? fmaAvx512F32<kChains512>(iterations)
                                  : fmaAvx512F64(iterations);
  if (hasAvx2Fma())
    return kind == FloatKind::F32 ? fmaAvx2F32<kChains256>(iterations)
                                  : fmaAvx2F64(iterations);
#endif
  return kind == FloatKind::F32 ? fmaGeneric<float>(iterations)
                                : fmaGeneric<double>(iterations);
}

unsigned mlsysim::calibrate::fmaVectorBytes() {
#ifdef MLSYSIM_X86
  if (hasAvx512())
    return 64;
  if (hasAvx2Fma())
    return 32;
#endif
  return 0;
}

double mlsysim::calibrate::runFmaChain(uint64_t iterations) {
#ifdef MLSYSIM_X86
  if (hasAvx512())
    return fmaAvx512F32<1>(iterations);
  if (hasAvx2Fma())
    return fmaAvx2F32<1>(iterations);
#endif
  (void)iterations;
  return 0.0;
}

uint64_t mlsysim::calibrate::readLinePerRow(const char *buffer, size_t rows,
                                            size_t stride, size_t line) {
  // One 8-byte load per visit brings in its line; the loads are independent
  // (the sum is a one-cycle chain), as a vector loop's would be.
  uint64_t sum = 0;
  for (size_t offset = 0; offset < stride; offset += line)
    for (size_t row = 0; row < rows; ++row) {
      uint64_t word;
      std::memcpy(&word, buffer + row * stride + offset, sizeof(word));
      sum += word;
    }
  return sum;
}

void mlsysim::calibrate::copyKernel(double *__restrict a,
                                    const double *__restrict b, size_t n) {
  for (size_t i = 0; i < n; ++i)
    a[i] = b[i];
}

void mlsysim::calibrate::triadKernel(double *__restrict a,
                                     const double *__restrict b,
                                     const double *__restrict c, double s,
                                     size_t n) {
  for (size_t i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

#ifdef MLSYSIM_X86
__attribute__((target("avx2"))) static double readAvx2(const double *b,
                                                       size_t n) {
  // Eight streams, each with its own accumulator: one sequential stream per
  // core is limited by the prefetcher's outstanding misses, while tiled
  // compiled code (a reduction over rows) reads several rows at once.
  constexpr int kStreams = 8;
  size_t chunk = n / kStreams / 4 * 4;
  __m256d acc[kStreams];
  for (int c = 0; c < kStreams; ++c)
    acc[c] = _mm256_setzero_pd();
  for (size_t i = 0; i < chunk; i += 4)
    for (int c = 0; c < kStreams; ++c)
      acc[c] = _mm256_add_pd(acc[c], _mm256_loadu_pd(b + c * chunk + i));
  for (int c = 1; c < kStreams; ++c)
    acc[0] = _mm256_add_pd(acc[0], acc[c]);
  alignas(32) double lanes[4];
  _mm256_store_pd(lanes, acc[0]);
  double sum = lanes[0] + lanes[1] + lanes[2] + lanes[3];
  for (size_t i = kStreams * chunk; i < n; ++i)
    sum += b[i];
  return sum;
}
#endif

double mlsysim::calibrate::readKernel(const double *b, size_t n) {
#ifdef MLSYSIM_X86
  if (__builtin_cpu_supports("avx2"))
    return readAvx2(b, n);
#endif
  double acc[8] = {0};
  size_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (int c = 0; c < 8; ++c)
      acc[c] += b[i + c];
  double sum = 0;
  for (double value : acc)
    sum += value;
  for (; i < n; ++i)
    sum += b[i];
  return sum;
}

// The compiler barrier after each pass of readPasses: the reads are of memory
// nothing writes, so without it a compiler may read once and reuse the sums.
#define MLSYSIM_PASS_BARRIER() asm volatile("" ::: "memory")

#ifdef MLSYSIM_X86
// Eight streams as in readAvx2, with eight accumulators: enough FP adds in
// flight for two loads a cycle at an add latency of 4 (Intel's two 64-byte
// loads; a Zen 4 core loads 64 bytes a cycle, one 512-bit load or two
// 256-bit ones).
__attribute__((target("avx512f"))) static double
readPassesAvx512(const double *b, size_t n, uint64_t passes) {
  constexpr int kStreams = 8;
  size_t chunk = n / kStreams / 8 * 8;
  __m512d acc[kStreams];
  for (int c = 0; c < kStreams; ++c)
    acc[c] = _mm512_setzero_pd();
  double tail = 0;
  for (uint64_t pass = 0; pass < passes; ++pass) {
    for (size_t i = 0; i < chunk; i += 8)
      for (int c = 0; c < kStreams; ++c)
        acc[c] = _mm512_add_pd(acc[c], _mm512_loadu_pd(b + c * chunk + i));
    for (size_t i = kStreams * chunk; i < n; ++i)
      tail += b[i];
    MLSYSIM_PASS_BARRIER();
  }
  for (int c = 1; c < kStreams; ++c)
    acc[0] = _mm512_add_pd(acc[0], acc[c]);
  // Not _mm512_reduce_add_pd: GCC 12's warns of an uninitialized operand.
  alignas(64) double lanes[8];
  _mm512_store_pd(lanes, acc[0]);
  for (double lane : lanes)
    tail += lane;
  return tail;
}

__attribute__((target("avx2"))) static double
readPassesAvx2(const double *b, size_t n, uint64_t passes) {
  constexpr int kStreams = 8;
  size_t chunk = n / kStreams / 4 * 4;
  __m256d acc[kStreams];
  for (int c = 0; c < kStreams; ++c)
    acc[c] = _mm256_setzero_pd();
  double tail = 0;
  for (uint64_t pass = 0; pass < passes; ++pass) {
    for (size_t i = 0; i < chunk; i += 4)
      for (int c = 0; c < kStreams; ++c)
        acc[c] = _mm256_add_pd(acc[c], _mm256_loadu_pd(b + c * chunk + i));
    for (size_t i = kStreams * chunk; i < n; ++i)
      tail += b[i];
    MLSYSIM_PASS_BARRIER();
  }
  for (int c = 1; c < kStreams; ++c)
    acc[0] = _mm256_add_pd(acc[0], acc[c]);
  alignas(32) double lanes[4];
  _mm256_store_pd(lanes, acc[0]);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3] + tail;
}
#endif

const char *mlsysim::calibrate::readInstructionSet() {
#ifdef MLSYSIM_X86
  if (hasAvx512())
    return "avx512f";
  if (__builtin_cpu_supports("avx2"))
    return "avx2";
#endif
  return "generic";
}

double mlsysim::calibrate::readPasses(const double *b, size_t n,
                                      uint64_t passes) {
#ifdef MLSYSIM_X86
  if (hasAvx512())
    return readPassesAvx512(b, n, passes);
  if (__builtin_cpu_supports("avx2"))
    return readPassesAvx2(b, n, passes);
#endif
  double sum = 0;
  for (uint64_t pass = 0; pass < passes; ++pass) {
    sum += readKernel(b, n);
    MLSYSIM_PASS_BARRIER();
  }
  return sum;
}

void *mlsysim::calibrate::chasePointers(void *start, uint64_t steps) {
  // The loop's counter and branch run beside the chain, not in it: only the
  // loads are on the critical path.
  void *p = start;
  for (uint64_t i = 0; i < steps; ++i)
    p = *static_cast<void *const *>(p);
  return p;
}

__attribute__((noinline)) void mlsysim::calibrate::emptyKernel() {
  // The barrier keeps the compiler from treating the call as removable.
  asm volatile("" ::: "memory");
}

uint64_t mlsysim::calibrate::runClockChain(uint64_t iterations) {
#ifdef MLSYSIM_X86
  // Register-register adds: Intel cores since Golden Cove fold chains of
  // `add $imm` at rename (several per cycle), which read a 2.6 GHz Sapphire
  // Rapids core as 21.7 GHz. An add of a register the compiler cannot see
  // is 1 cycle of latency on every x86 core.
  volatile uint64_t one = 1;
  uint64_t step = one, x = 0;
  for (uint64_t i = 0; i < iterations; ++i)
    asm volatile("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                 "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                 "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                 "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
                 : "+r"(x)
                 : "r"(step));
  return x;
#else
  (void)iterations;
  return 0;
#endif
}
