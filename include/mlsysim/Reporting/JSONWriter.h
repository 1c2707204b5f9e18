//===- JSONWriter.h - Every JSON view writes numbers one way ----*- C++ -*-===//
//
// llvm::json prints a double with 17 significant digits through snprintf (the
// most expensive step of a large report) and a non-finite one as a bare
// `inf`/`nan` token that no JSON reader accepts. Every JSON view (report,
// comparison, sweep, diff, trace) writes through these instead: the shortest
// form that reads back as the same double, and null for a value JSON cannot
// hold.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_JSONWRITER_H
#define MLSYSIM_REPORTING_JSONWRITER_H

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace mlsysim {

/// Writes `value` (objects with their keys sorted, as llvm::json does).
void writeJSON(llvm::json::OStream &json, const llvm::json::Value &value);

/// Writes `value` as an attribute of the object being written.
void writeJSONAttribute(llvm::json::OStream &json, llvm::StringRef key,
                        const llvm::json::Value &value);

/// Writes a scalar (null, boolean, number, string) straight to `os`, as
/// writeJSON would: the fast path of views that write many records.
void writeJSONScalar(llvm::raw_ostream &os, const llvm::json::Value &value);

/// `value` as a document indented by two spaces, with a final newline.
void printJSON(const llvm::json::Value &value, llvm::raw_ostream &os);

/// Writes an array of flat records (scalar fields and arrays of integers)
/// straight to `os`, laid out as llvm::json::OStream lays out the same array
/// at indentation `indent`: the fast path of views with tens of thousands of
/// records, where building a Value tree costs more than parsing the IR did.
/// Fields appear in the order they are written (callers that mirror a sorted
/// object write them sorted).
class RecordArrayWriter {
public:
  RecordArrayWriter(llvm::raw_ostream &os, unsigned indent);
  void beginRecord();
  void field(llvm::StringRef key, const llvm::json::Value &scalar);
  void field(llvm::StringRef key, llvm::ArrayRef<unsigned> integers);
  void endRecord();
  /// Closes the array.
  void finish();

private:
  void beginField(llvm::StringRef key);

  llvm::raw_ostream &os;
  unsigned indent;
  bool anyRecord = false, anyField = false;
};

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_JSONWRITER_H
