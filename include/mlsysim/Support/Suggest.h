//===- Suggest.h - "did you mean" for a misspelled name ---------*- C++ -*-===//
//
// A user who types `hardware=h10`, `hardwre=` or `format=jsn` wants the name
// they meant, not the list of every name: each error that rejects a name
// offers the nearest known ones by edit distance, here, so that options,
// values and devices suggest alike.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_SUPPORT_SUGGEST_H
#define MLSYSIM_SUPPORT_SUGGEST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>

namespace mlsysim {

/// The names of `known` nearest to `typo` (case-insensitive edit distance),
/// nearest first and then alphabetically, at most `limit`. A name is near
/// when it is at most a third of the typo's length away (at least 1): `h10`
/// finds `h100`, while `xyz` finds no three-letter name.
inline llvm::SmallVector<llvm::StringRef, 3>
findNearestNames(llvm::StringRef typo, llvm::ArrayRef<llvm::StringRef> known,
                 unsigned limit = 3) {
  unsigned most = std::max<unsigned>(1, typo.size() / 3);
  llvm::SmallVector<std::pair<unsigned, llvm::StringRef>> near;
  for (llvm::StringRef name : known) {
    unsigned distance = typo.edit_distance_insensitive(
        name, /*AllowReplacements=*/true, /*MaxEditDistance=*/most);
    if (distance <= most && name != typo)
      near.push_back({distance, name});
  }
  llvm::sort(near);
  near.erase(llvm::unique(near), near.end());
  llvm::SmallVector<llvm::StringRef, 3> names;
  for (const auto &[distance, name] : llvm::ArrayRef(near).take_front(limit))
    names.push_back(name);
  return names;
}

/// "; did you mean 'h100'?" (or "'a' or 'b'", "'a', 'b' or 'c'") for the
/// names of `known` nearest to `typo`; empty when none is near.
inline std::string suggestNames(llvm::StringRef typo,
                                llvm::ArrayRef<llvm::StringRef> known) {
  llvm::SmallVector<llvm::StringRef, 3> names = findNearestNames(typo, known);
  if (names.empty())
    return "";
  std::string text = "; did you mean ";
  for (auto [i, name] : llvm::enumerate(names))
    text += (i == 0                  ? ""
             : i + 1 == names.size() ? " or "
                                     : ", ") +
            ("'" + name + "'").str();
  return text + "?";
}

} // namespace mlsysim

#endif // MLSYSIM_SUPPORT_SUGGEST_H
