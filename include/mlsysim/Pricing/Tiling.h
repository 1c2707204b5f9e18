//===- Tiling.h - A contraction as the device's library runs it -*- C++ -*-===//
//
// A matmul, batched matmul or convolution (as the implicit GEMM M = N*P*Q,
// N = K, K = C*R*S) runs as output tiles, one per core at a time, in waves.
// The device's `matrix_tiles` lists the thread-block tiles and split-K
// factors its library picks among; each candidate is priced as
//   t = max(waves * t_tile, traffic_l / bandwidth_l for every level l)
//       + the kernel's fixed latency, or else one latency of the level
//         that serves the tiles; + (split-K - 1) x 2 of those latencies
// where t_tile is one tile's arithmetic (its rows x columns x reduction,
// padded to the matrix instruction's depth) at one core's share of the peak,
// and the candidate that finishes first is the library's choice, as its
// heuristic or autotuner would pick. docs/cost-model.md has each term with
// its source.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_TILING_H
#define MLSYSIM_PRICING_TILING_H

#include "mlsysim/Interfaces/OpCost.h"
#include "mlsysim/Pricing/Estimate.h"

namespace mlsysim {

/// One run of a contraction in the library's best tiles.
struct TiledContraction {
  TilePlan plan;
  /// The arithmetic of the tiles (waves x one tile's) over the arithmetic
  /// of the problem: the share of the unit the tiles keep busy, in (0, 1].
  double utilization = 1.0;
  /// One run's time not hidden behind the arithmetic: the library kernel's
  /// fixed latency, or else the first tiles' first loads
  /// (Realism::Overlap).
  double exposed = 0.0;
};

/// The tiles of `cost` (a contraction with a
/// `matrixShape`) on `hardware`, whose peak for its arithmetic is
/// `peakRate` on `unit`; std::nullopt when the device names no tiles or no
/// cores. Candidates are compared at the device's compute and memory
/// efficiencies for `cost`'s class; the plan's levels are one run's, their
/// seconds at those efficiencies too.
std::optional<TiledContraction> planContraction(const HardwareSpec &hardware,
                                                const OpCost &cost,
                                                ComputeUnit unit,
                                                double peakRate,
                                                const RooflineOptions &options);

/// The `>= 2 M N K / sqrt(S)` lower bound on the words a contraction of
/// `shape` moves into a level of `capacityBytes` (in bytes of
/// `elementBytes`-byte elements): Hong and Kung's I/O bound, with the
/// constant of Smith et al. (IPDPS 2019).
double getContractionTrafficBound(const MatrixShape &shape, double elementBytes,
                                  double capacityBytes);

/// The seconds to move `bytes` through a level of `bandwidth` bytes/s at
/// `efficiency`, with its `latency` before the first byte when
/// Realism::SmallTransfer is priced (a transfer smaller than the level's
/// bandwidth-latency product does not reach its bandwidth).
double getTransferTime(double bytes, double bandwidth, double efficiency,
                       std::optional<double> latency,
                       const RooflineOptions &options);

/// Parses `realism=`: `all`, `none`, a comma-separated list of the terms to
/// price (waves, tiles, alignment, levels, small-transfer, overlap, launch),
/// or of the terms to leave out, each written `no-<term>`.
llvm::Expected<unsigned> parseRealism(llvm::StringRef text);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_TILING_H
