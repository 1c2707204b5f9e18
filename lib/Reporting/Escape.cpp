//===- Escape.cpp - Text from the IR made inert in every view -------------===//

#include "mlsysim/Reporting/Escape.h"

std::string mlsysim::escapeMarkup(llvm::StringRef text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      // Control characters (newlines in a symbol name) have no business in
      // a label and some are invalid in XML.
      out += (static_cast<unsigned char>(c) < 0x20 && c != '\t') ? ' ' : c;
    }
  }
  return out;
}
