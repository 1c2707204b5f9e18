//===- HardwarePrinter.h - Human views of the hardware zoo ------*- C++ -*-===//

#ifndef MLSYSIM_REPORTING_HARDWAREPRINTER_H
#define MLSYSIM_REPORTING_HARDWAREPRINTER_H

#include "mlsysim/Hardware/HardwareRegistry.h"

#include "llvm/Support/raw_ostream.h"

namespace mlsysim {

/// One line per device: id, class, key peaks, bandwidth and ridge points
/// (`mlsysim-opt --list-hardware`).
void printHardwareTable(const HardwareRegistry &registry,
                        llvm::raw_ostream &os);

/// Every number of one device with its source or assumption, and its ridge
/// points (`mlsysim-opt --show-hardware=ID`).
void printHardwareDetails(const HardwareSpec &hw, llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_HARDWAREPRINTER_H
