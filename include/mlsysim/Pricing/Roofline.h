//===- Roofline.h - The roofline formula ------------------------*- C++ -*-===//
//
// The one place that turns counts into time on a device:
//   t_compute = ((flops + int_ops) / (peak(unit, type) * utilization)
//                + transcendentals / sfu) / compute_efficiency(op class)
//               (utilization: the share of the unit a contraction's tiles
//               keep busy on a device whose library tiles it, Tiling.h;
//               1 otherwise)
//   t_memory  = (bytes_read + bytes_written)
//               / (bandwidth * memory_efficiency(op class))
//               (the device memory's bandwidth, or the last-level cache's when
//               the data is assumed to come from there: memory-level=llc|auto)
//               (an op reading an input across its rows on a device
//               with `strided_reads`: its arithmetic at that section's
//               efficiency, plus the stalls of those reads, t_strided,
//               getStridedReadTime)
//               (a matmul on the vector unit of a device with `vector_unit`
//               and `register_tiling`: compute_efficiency at most the share of
//               the FMA pipes its register tile's accumulator chains keep
//               busy, getAccumulatorChainShare)
//   latency   = max(t_compute, t_memory) + launch_overhead(execution model)
//               (per execution that launches a kernel; single-element
//               accesses launch none)
//   roofline  = max of the two at efficiency 1, without overhead (the ideal)
// and names the bound: `overhead` when the launch overhead exceeds both terms,
// else `compute` or `memory`, whichever is larger. A collective adds a third
// term, t_communication (its alpha-beta time on the system's links,
// Collectives.h), and is `communication`-bound when that term is the largest.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_ROOFLINE_H
#define MLSYSIM_PRICING_ROOFLINE_H

#include "mlsysim/Interfaces/OpCost.h"
#include "mlsysim/Pricing/Collectives.h"
#include "mlsysim/Pricing/Estimate.h"

namespace mlsysim {

/// The peak for arithmetic of `elementType` on the matrix unit (when
/// `matrixUnit`) or the vector unit, falling back to the vector unit, then to
/// wider formats, then to narrower ones of the same family (docs/hardware.md);
/// std::nullopt when the device rates no format of that family.
std::optional<PeakChoice> choosePeak(const HardwareSpec &hardware,
                                     bool matrixUnit, mlir::Type elementType,
                                     const RooflineOptions &options);

/// The traffic term of the roofline: where the data comes from and the
/// time to move it at efficiency 1.
struct TrafficTime {
  MemoryLevel level = MemoryLevel::DRAM;
  double ideal = 0.0;
};

/// `runs` runs moving `footprint` bytes each: the level that serves them
/// (memory-level=) and their time at that level's bandwidth (with `auto`, a
/// footprint past the LLC's capacity finds the capacity's worth there).
TrafficTime priceTraffic(const HardwareSpec &hardware, double footprint,
                         double runs, const RooflineOptions &options);

/// One part of a kernel: the compute side of an op's price (its compute,
/// strided and communication terms, peak, unit and efficiency) and how often
/// the kernel runs that work per run (recomputation).
struct KernelPart {
  const RooflineEstimate *compute;
  double recompute = 1.0;
};

/// The one roofline of a kernel: `runs` runs of `parts` moving `bytesPerRun`
/// each. Its compute term is the sum of the parts' (each times its
/// recomputation), its memory term the traffic at the level that serves it
/// (memory-level=) over the memory efficiency of `opClass` kernels, its
/// overhead one launch per run when `launches` (under the execution model of
/// `options`), its communication the parts' links; latency and bound by
/// settleRoofline. An op priced alone and a fused group are both priced here.
RooflineEstimate priceKernel(llvm::ArrayRef<KernelPart> parts,
                             double bytesPerRun, double runs, OpClass opClass,
                             bool launches, const HardwareSpec &hardware,
                             const RooflineOptions &options);

/// Prices `multiplier` executions of an op of cost `cost` (modeled) on
/// `hardware`, as a kernel of its own (priceKernel). Each execution is one
/// kernel launch.
RooflineEstimate estimateRoofline(const OpCost &cost, Count multiplier,
                                  const HardwareSpec &hardware,
                                  const RooflineOptions &options);

/// The time one run of an op waits on reads across its inputs' rows on
/// `hardware` (0 without `strided_reads` or strided inputs). Each input is
/// read once per output tile along the parallel loops that do not index it
/// (`tile_m` rows for a contraction's B) and again by each further
/// register tile of that output tile, with a share min(1, stride / page) of
/// the steps on a new page; a pass is served by the smallest level that holds
/// the operand, a register tile's pass by the per-core level when the output
/// tile's operand panels fit there (by size, and, when the device gives the
/// level's ways and line, by the sets the operand's rows land in); at
/// `efficiency` of that level's rate. With measured `memory.strided_visits`,
/// a pass takes
/// its lines (bytes / cache line) times the visit time at the operand's
/// footprint (a register tile's pass that stays in the per-core level: at
/// the panel's), over `efficiency`.
double getStridedReadTime(const HardwareSpec &hardware, const OpCost &cost);

/// The measured time of one visit of a strided operand of `footprint` bytes
/// (`memory.strided_visits`): the nearest point outside the measured range,
/// linear in log2(footprint) between the two points around it; 0 without
/// points.
double getStridedVisitTime(const HardwareSpec &hardware, double footprint);

/// The share of the vector unit's FMA pipes a matmul's compiled register
/// tile keeps busy: each accumulator of the tile (its rows times its columns
/// in vector registers) is a chain of dependent FMAs, and a core needs
/// `vector_unit.fma_chains` of them in flight (FMA latency x pipes) to reach
/// its peak; min(1, chains / fma_chains). The tile (`register_tiling`) has
/// `unaligned_register_tile_m` rows when the matmul's M is no multiple of
/// `register_tile_m`, and never more rows than M. 1 for other ops, ops on a
/// matrix unit, and devices without `vector_unit` and `register_tiling`. It
/// caps the arithmetic's efficiency: the other losses of the code overlap the
/// chains' waits.
double getAccumulatorChainShare(const HardwareSpec &hardware,
                                const OpCost &cost, ComputeUnit unit);

/// The launch overhead of `runs` kernel launches on `hardware`: the one place
/// a launch is priced (an op's estimate, a fused group's, a kernel's).
double getLaunchTime(const HardwareSpec &hardware, double runs,
                     const RooflineOptions &options);

/// Sets the latency (max(tCompute, tMemory, tCommunication) + tOverhead) and
/// the bound of an estimate from its terms: the roofline formula, in one
/// place.
void settleRoofline(RooflineEstimate &estimate);

/// The latency of the terms, through settleRoofline.
double getRooflineLatency(double tCompute, double tMemory, double tOverhead,
                          double tCommunication = 0.0);

/// The latency of `estimate` with its compute term scaled by `computeScale`
/// and its memory term by `memoryScale`: a what-if (a faster peak, every core
/// busy, narrower data), through settleRoofline.
double getScaledLatency(const RooflineEstimate &estimate, double computeScale,
                        double memoryScale = 1.0);

/// The time to move `bytes` through device memory at the achievable
/// bandwidth of `opClass`'s kernels.
double getMemoryTime(const HardwareSpec &hardware, double bytes,
                     OpClass opClass);

/// A vendor peak (a multiply-accumulate counted as 2 operations) in
/// `convention`: halved under the MAC convention, so that intensities and
/// ridges counted in one convention stay comparable.
double peakInConvention(double rate, FlopConvention convention);

/// Ridge point of a unit and format: its peak over the device memory's
/// bandwidth, in operations per byte of `convention` (the intensity above
/// which an op on it is compute-bound at equal efficiencies); std::nullopt
/// when the unit does not rate the format. Every view's ridge is this one.
std::optional<double>
getRidgePoint(const HardwareSpec &hardware, ComputeUnit unit, ElementKind kind,
              FlopConvention convention = FlopConvention::FMA2);

/// `part` as a fraction of `whole` (0 when `whole` is not positive): every
/// share a view prints.
double getShare(double part, double whole);

/// Arithmetic intensity: operations per byte moved (0 when nothing moves).
double arithmeticIntensity(Count ops, Count bytes);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_ROOFLINE_H
