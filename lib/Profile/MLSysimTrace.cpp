//===- MLSysimTrace.cpp - This project's predicted trace, read back -------===//
//
// `format=trace` writes a Chrome trace whose otherData names the generator
// `mlsysim`; each slice's args carry the op id (`id`) or the ops a kernel
// runs (`op_ids`). Read back, a prediction is a profile whose mapping needs
// no guess: comparing two of them shows what a change to the IR, the device
// or the model moved.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Profile/Profile.h"

#include "llvm/Support/JSON.h"

using namespace mlsysim;
using llvm::json::Object;

bool mlsysim::isMLSysimTrace(llvm::StringRef path, llvm::StringRef text) {
  return text.ltrim().starts_with("{") && text.contains("\"otherData\"") &&
         text.contains("\"mlsysim\"");
}

llvm::Expected<Profile> mlsysim::readMLSysimTrace(llvm::StringRef path,
                                                  llvm::StringRef text) {
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
  if (!json)
    return llvm::createStringError("%s: not a valid trace: %s",
                                   path.str().c_str(),
                                   llvm::toString(json.takeError()).c_str());
  const Object *root = json->getAsObject();
  const Object *other = root ? root->getObject("otherData") : nullptr;
  const llvm::json::Array *events =
      root ? root->getArray("traceEvents") : nullptr;
  if (!other || other->getString("generator") != "mlsysim" || !events)
    return llvm::createStringError(
        "%s: not an mlsysim trace (otherData.generator is not \"mlsysim\", "
        "or no traceEvents)",
        path.str().c_str());
  Profile profile;
  profile.format = "mlsysim";
  profile.path = path.str();
  unsigned index = 0, unmapped = 0;
  for (const llvm::json::Value &value : *events) {
    ++index;
    const Object *event = value.getAsObject();
    if (!event || event->getString("ph") != "X")
      continue;
    std::optional<double> ts = event->getNumber("ts"),
                          dur = event->getNumber("dur");
    const Object *args = event->getObject("args");
    if (!ts || !dur || *dur < 0 || !args)
      return llvm::createStringError(
          "%s: trace event %u has no ts, dur or args", path.str().c_str(),
          index);
    MeasuredKernel kernel;
    kernel.name = event->getString("name").value_or("").str();
    kernel.start = *ts * 1e-6;
    kernel.duration = *dur * 1e-6;
    kernel.device = "predicted";
    if (std::optional<int64_t> id = args->getInteger("id"))
      kernel.opIds.push_back(static_cast<unsigned>(*id));
    if (const llvm::json::Array *ids = args->getArray("op_ids"))
      for (const llvm::json::Value &id : *ids)
        if (std::optional<int64_t> op = id.getAsInteger())
          kernel.opIds.push_back(static_cast<unsigned>(*op));
    if (kernel.opIds.empty())
      ++unmapped;
    std::optional<double> flops = args->getNumber("flops"),
                          read = args->getNumber("bytes_read"),
                          written = args->getNumber("bytes_written");
    if (flops)
      kernel.flops = *flops;
    if (read && written)
      kernel.bytes = *read + *written;
    profile.kernels.push_back(std::move(kernel));
  }
  if (unmapped)
    profile.skipped.push_back(std::to_string(unmapped) +
                              " slices without op ids");
  return profile;
}
