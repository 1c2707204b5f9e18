//===- DiagnosisText.h - The diagnosis in words -----------------*- C++ -*-===//
//
// The wording of a diagnosis (Pricing/Diagnosis.h), shared by the text, JSON
// and HTML views: each lever, the launches and the weights' floor, with the
// figures the pricing layer computed.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_DIAGNOSISTEXT_H
#define MLSYSIM_REPORTING_DIAGNOSISTEXT_H

#include "mlsysim/Analysis/PeakMemory.h"
#include "mlsysim/Pricing/Diagnosis.h"

namespace mlsysim {

/// What moves a kind of work, in words, on `hardware`.
std::string describeLever(const Lever &lever, const HardwareSpec &hardware);
/// "56 kernel launches x 1.10 µs = 61.6 µs (26.7% of the time); eager
/// execution would launch 474 (2.72 ms in all)".
std::string describeLaunches(const LaunchDiagnosis &launches);
/// "the 102 MB of weights, read once per run, set a floor of ...".
std::string describeWeights(const WeightsFloor &weights);
/// How a function's weights were found (Analysis/Weights.h): "inferred: 3
/// arguments, 75.5 MB, ...", "tagged: ...", "named by weights=: ...",
/// "could not be inferred ..."; empty when there was nothing to find.
std::string describeWeightsFound(const PeakMemory &footprint);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_DIAGNOSISTEXT_H
