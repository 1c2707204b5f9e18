//===- Escape.h - Text from the IR made inert in every view -----*- C++ -*-===//
//
// Function names, op names and locations come from IR and file names the
// user does not control: every view escapes them for its format (JSON strings
// are escaped by llvm::json, CSV by RFC 4180 quoting).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_ESCAPE_H
#define MLSYSIM_REPORTING_ESCAPE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlsysim {

/// `text` with XML/HTML special characters as entities (& < > " '), and
/// control characters other than tab as spaces, for element content and
/// attribute values in SVG and HTML.
std::string escapeMarkup(llvm::StringRef text);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_ESCAPE_H
