//===- TextTable.h - The text views' tables ---------------------*- C++ -*-===//

#ifndef MLSYSIM_REPORTING_TEXTTABLE_H
#define MLSYSIM_REPORTING_TEXTTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlsysim {

/// A column of a text table.
struct Column {
  const char *title;
  bool leftAligned;
};

/// `rows` under the titles of `columns`, each column as wide as its widest
/// cell, two spaces apart.
void printTable(llvm::ArrayRef<llvm::SmallVector<std::string>> rows,
                llvm::raw_ostream &os, llvm::ArrayRef<Column> columns);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_TEXTTABLE_H
