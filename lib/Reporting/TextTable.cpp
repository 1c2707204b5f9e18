//===- TextTable.cpp - The text views' tables -----------------------------===//

#include "mlsysim/Reporting/TextTable.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlsysim;

/// Columns are counted in code points: a cell may hold "µs" or "×".
static size_t displayWidth(llvm::StringRef cell) {
  return llvm::count_if(cell, [](char c) { return (c & 0xC0) != 0x80; });
}

void mlsysim::printTable(llvm::ArrayRef<llvm::SmallVector<std::string>> rows,
                         llvm::raw_ostream &os,
                         llvm::ArrayRef<Column> columns) {
  llvm::SmallVector<std::string> header;
  for (const Column &column : columns)
    header.push_back(column.title);
  size_t numColumns = header.size();
  // Widths once per cell, reused for the padding.
  std::vector<uint16_t> cellWidths;
  cellWidths.reserve((rows.size() + 1) * numColumns);
  llvm::SmallVector<size_t> widths(numColumns, 0);
  auto measure = [&](llvm::ArrayRef<std::string> row) {
    for (auto [i, cell] : llvm::enumerate(row)) {
      size_t width = displayWidth(cell);
      cellWidths.push_back(
          static_cast<uint16_t>(std::min<size_t>(width, 65535)));
      widths[i] = std::max(widths[i], width);
    }
  };
  measure(header);
  for (const auto &row : rows)
    measure(row);
  size_t next = 0;
  auto printRow = [&](llvm::ArrayRef<std::string> cells) {
    os << " ";
    for (auto [i, cell] : llvm::enumerate(cells)) {
      size_t pad = widths[i] - cellWidths[next++];
      os << "  ";
      if (columns[i].leftAligned) {
        os << cell;
        if (i + 1 != cells.size())
          os.indent(pad);
      } else {
        os.indent(pad) << cell;
      }
    }
    os << "\n";
  };
  printRow(header);
  for (const auto &row : rows)
    printRow(row);
}
