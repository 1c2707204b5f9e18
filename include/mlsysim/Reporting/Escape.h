//===- Escape.h - Text from the IR made inert in every view -----*- C++ -*-===//
//
// Function names, op names and locations come from IR and file names the
// user does not control: every view escapes them for its format (JSON strings
// are escaped by llvm::json, CSV by RFC 4180 quoting).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_ESCAPE_H
#define MLSYSIM_REPORTING_ESCAPE_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlsysim {

/// `text` with the bytes that are not UTF-8 replaced (U+FFFD): every view
/// writes UTF-8.
std::string toValidUTF8(llvm::StringRef text);

/// `text` with XML/HTML special characters as entities (& < > " '),
/// control characters other than tab as spaces, and bytes that are not
/// UTF-8 and the non-characters XML forbids (U+FFFE, U+FFFF) replaced
/// (U+FFFD), for element content and attribute values in SVG and HTML.
std::string escapeMarkup(llvm::StringRef text);

/// A CSV cell's text, valid UTF-8 (toValidUTF8) and neutralised for
/// spreadsheets: a cell that starts with = + - @ (or a tab or carriage
/// return) is a formula there; it gets a leading apostrophe (OWASP's advice).
std::string neutraliseCSVCell(llvm::StringRef text);

/// `text` as TerminalSafeOStream would write it (for diagnostics).
std::string escapeTerminal(llvm::StringRef text);
/// `loc` with each file name in it as escapeTerminal writes it: MLIR prints
/// a diagnostic's file name as it is, and an IR's locations are text from
/// anywhere (`loc("\1B[2J":1:1)`).
mlir::Location escapeTerminal(mlir::Location loc);

/// A stream for a terminal: what is written to it reaches `out` with the
/// control characters that drive terminals (C0 but line feed and tab, DEL,
/// and the C1 controls U+0080-U+009F, CSI among them) as '?'.
class TerminalSafeOStream : public llvm::raw_ostream {
public:
  explicit TerminalSafeOStream(llvm::raw_ostream &out) : out(out) {}
  ~TerminalSafeOStream() override;

private:
  void write_impl(const char *ptr, size_t size) override;
  uint64_t current_pos() const override { return position; }

  llvm::raw_ostream &out;
  uint64_t position = 0;
  /// The previous byte was 0xC2, the lead byte of U+0080-U+00BF.
  bool afterC2 = false;
};

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_ESCAPE_H
