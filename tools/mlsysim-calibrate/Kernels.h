//===- Kernels.h - The loops whose speed is the host's peak ------*- C++
//-*-===//
//
// Each kernel is written so that one resource limits it: independent FMA
// chains for the vector units, streaming loops for memory, an empty call for
// the fixed cost of a call. The FMA kernels pick the widest instruction set the
// CPU reports at run time (through target attributes), so the tool needs no
// -march flag and still measures the full vector width.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_KERNELS_H
#define MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_KERNELS_H

#include <cstddef>
#include <cstdint>

namespace mlsysim::calibrate {

/// The element type of an FMA kernel.
enum class FloatKind { F32, F64 };

/// The instruction set the FMA kernels run on this CPU: "avx512f",
/// "avx2+fma" or "generic" (what the compiler makes of plain C++).
const char *fmaInstructionSet();

/// FLOPs one iteration of runFma performs (an FMA counts 2).
uint64_t fmaFlopsPerIteration(FloatKind kind);

/// Runs `iterations` iterations of independent FMA chains; returns a value
/// that depends on every chain, so the compiler keeps them.
double runFma(FloatKind kind, uint64_t iterations);

/// The bytes of the vector registers the FMA kernels use (64 for AVX-512,
/// 32 for AVX2), or 0 for the generic kernels (no known width).
unsigned fmaVectorBytes();

/// Runs `iterations` dependent f32 vector FMAs (one chain, on the registers
/// of fmaVectorBytes; nothing where that is 0) and returns its value.
double runFmaChain(uint64_t iterations);

/// a[i] = b[i]: STREAM copy, 16 bytes per element (write-allocate not counted,
/// as the cost model counts bytes read plus bytes written).
void copyKernel(double *a, const double *b, size_t n);

/// a[i] = b[i] + s * c[i]: STREAM triad, 24 bytes per element.
void triadKernel(double *a, const double *b, const double *c, double s,
                 size_t n);

/// Returns the sum of b[0..n), read as 8 concurrent streams: read only, 8 bytes
/// per element. With no
/// stores there is no write-back and no write-allocate, so a reduction moves
/// more counted bytes per second than copy or triad; the bound needs the
/// fastest.
double readKernel(const double *b, size_t n);

/// The loads readPasses uses on this CPU: "avx512f", "avx2" or "generic".
const char *readInstructionSet();

/// Returns the sum of b[0..n) read `passes` times over, as 8 concurrent
/// streams of the widest loads the CPU has: the read rate of the cache level
/// that holds b. b should be aligned to 64 bytes (a load that splits a line
/// costs two on most cores).
double readPasses(const double *b, size_t n, uint64_t passes);

/// Follows `steps` pointers from `start`, the address of each load being the
/// value of the one before (a ring of pointers the caller laid out): one step
/// per load-to-use latency. Returns where it stopped, to resume from there.
void *chasePointers(void *start, uint64_t steps);

/// Reads `rows` rows `stride` bytes apart a `line` at a time: the first line
/// of every row, then the second of every row, and so on (how compiled code
/// reads a contraction operand stored [k, n], a register tile's columns of
/// each row per reduction step). Returns a sum of what it read.
uint64_t readLinePerRow(const char *buffer, size_t rows, size_t stride,
                        size_t line);

/// An empty function called through a pointer: the fixed cost of a call.
void emptyKernel();

/// Runs `iterations` x 16 dependent one-cycle register adds and returns that
/// number of cycles, or 0 where the tool has no such chain (non-x86).
uint64_t runClockChain(uint64_t iterations);

} // namespace mlsysim::calibrate

#endif // MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_KERNELS_H
