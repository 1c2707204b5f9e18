//===- Escape.cpp - Text from the IR made inert in every view -------------===//

#include "mlsysim/Reporting/Escape.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/JSON.h"

std::string mlsysim::toValidUTF8(llvm::StringRef text) {
  // Not UTF-8: a name from a file of another encoding.
  return llvm::json::isUTF8(text) ? text.str() : llvm::json::fixUTF8(text);
}

std::string mlsysim::escapeMarkup(llvm::StringRef text) {
  std::string fixed = toValidUTF8(text);
  text = fixed;
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are UTF-8 but no XML character:
    // the document would be ill-formed. U+FFFD instead.
    if (c == '\xEF' && (text.substr(i).starts_with("\xEF\xBF\xBE") ||
                        text.substr(i).starts_with("\xEF\xBF\xBF"))) {
      out += "\xEF\xBF\xBD";
      i += 2;
      continue;
    }
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
  std::string cell = toValidUTF8(text);
  if (!cell.empty() && llvm::StringRef("=+-@\t\r").contains(cell.front()))
    return "'" + cell;
  return cell;
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

mlir::Location mlsysim::escapeTerminal(mlir::Location loc) {
  mlir::AttrTypeReplacer replacer;
  replacer.addReplacement(
      [](mlir::FileLineColRange range) -> std::optional<mlir::Attribute> {
        llvm::StringRef name = range.getFilename().getValue();
        std::string safe = escapeTerminal(name);
        if (safe == name)
          return std::nullopt;
        return mlir::FileLineColRange::get(
            mlir::StringAttr::get(range.getContext(), safe),
            range.getStartLine(), range.getStartColumn(), range.getEndLine(),
            range.getEndColumn());
      });
  return llvm::cast<mlir::LocationAttr>(replacer.replace(loc));
}
