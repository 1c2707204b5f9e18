//===- Escape.cpp - Text from the IR made inert in every view -------------===//

#include "mlsysim/Reporting/Escape.h"

#include "llvm/Support/JSON.h"

std::string mlsysim::escapeMarkup(llvm::StringRef text) {
  // Not UTF-8 (a name from a file of another encoding): ill-formed XML.
  std::string fixed;
  if (!llvm::json::isUTF8(text)) {
    fixed = llvm::json::fixUTF8(text);
    text = fixed;
  }
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
      out += (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f
                 ? ' '
                 : c;
    }
  }
  return out;
}

std::string mlsysim::neutraliseCSVCell(llvm::StringRef text) {
  if (!text.empty() && llvm::StringRef("=+-@\t\r").contains(text.front()))
    return "'" + text.str();
  return text.str();
}

mlsysim::TerminalSafeOStream::~TerminalSafeOStream() {
  flush();
  if (afterC2)
    out << '\xC2';
}

void mlsysim::TerminalSafeOStream::write_impl(const char *ptr, size_t size) {
  position += size;
  for (size_t i = 0; i < size; ++i) {
    unsigned char c = ptr[i];
    if (afterC2) {
      afterC2 = false;
      if (c >= 0x80 && c <= 0x9f) {
        out << '?';
        continue;
      }
      out << '\xC2';
    }
    if (c == 0xC2) {
      afterC2 = true;
      continue;
    }
    bool control = (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f;
    out << (control ? '?' : static_cast<char>(c));
  }
}

std::string mlsysim::escapeTerminal(llvm::StringRef text) {
  std::string result;
  llvm::raw_string_ostream out(result);
  {
    TerminalSafeOStream safe(out);
    safe << text;
  }
  return result;
}
