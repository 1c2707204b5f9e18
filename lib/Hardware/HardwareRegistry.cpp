//===- HardwareRegistry.cpp - Device lookup by id, alias or file ----------===//

#include "mlsysim/Hardware/HardwareRegistry.h"
#include "mlsysim/Hardware/SystemSpec.h"
#include "mlsysim/Support/Suggest.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <algorithm>
#include <mutex>
#include <set>

using namespace mlsysim;
using llvm::StringRef;

namespace {
/// One zoo file compiled into the binary.
struct EmbeddedFile {
  const char *name;
  const char *contents; ///< NUL-terminated.
};

#define MLSYSIM_EMBEDDED_FILE(NAME, ...)                                       \
  {NAME, [] {                                                                  \
     static const char bytes[] = {__VA_ARGS__};                                \
     return bytes;                                                             \
   }()},
const EmbeddedFile kZooFiles[] = {
#include "ZooHardwareFiles.inc"
};
// An empty zoo/systems still compiles: the list ends with a null entry.
const EmbeddedFile kSystemFiles[] = {
#include "ZooSystemFiles.inc"
    {nullptr, nullptr}};
#undef MLSYSIM_EMBEDDED_FILE
} // namespace

llvm::Error HardwareRegistry::add(HardwareSpec spec) {
  for (StringRef name : llvm::concat<const std::string>(
           llvm::ArrayRef(spec.id), llvm::ArrayRef(spec.aliases)))
    if (names.contains(name))
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "%s: error: duplicate id or alias '%s': another device already "
          "uses it",
          spec.origin.c_str(), name.str().c_str());
  auto owned = std::make_unique<HardwareSpec>(std::move(spec));
  for (StringRef name : llvm::concat<const std::string>(
           llvm::ArrayRef(owned->id), llvm::ArrayRef(owned->aliases))) {
    names.insert(name);
    byName[name] = owned.get();
  }
  auto pos =
      llvm::upper_bound(devices, owned, [](const auto &a, const auto &b) {
        return a->id < b->id;
      });
  devices.insert(pos, std::move(owned));
  return llvm::Error::success();
}

const HardwareSpec *HardwareRegistry::lookup(StringRef idOrAlias) const {
  return byName.lookup(idOrAlias);
}

llvm::Expected<const HardwareRegistry &> HardwareRegistry::builtin() {
  // Parsed once; the zoo is tested, so an error here means a broken build,
  // but it is still reported rather than asserted.
  static std::string error;
  static const HardwareRegistry *registry = [] {
    auto *result = new HardwareRegistry();
    for (const EmbeddedFile &file : kZooFiles) {
      std::string name = ("builtin:zoo/hardware/" + StringRef(file.name)).str();
      llvm::Expected<HardwareSpec> spec =
          parseHardwareSpec(file.contents, name, &result->names);
      if (!spec) {
        error = llvm::toString(spec.takeError());
        return static_cast<const HardwareRegistry *>(nullptr);
      }
      if (llvm::Error err = result->add(std::move(*spec))) {
        error = llvm::toString(std::move(err));
        return static_cast<const HardwareRegistry *>(nullptr);
      }
    }
    return static_cast<const HardwareRegistry *>(result);
  }();
  if (!registry)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), error);
  return *registry;
}

std::optional<StringRef> mlsysim::getBuiltinHardwareText(StringRef origin) {
  if (!origin.consume_front("builtin:zoo/hardware/"))
    return std::nullopt;
  for (const EmbeddedFile &file : kZooFiles)
    if (origin == file.name)
      return StringRef(file.contents);
  return std::nullopt;
}

/// Whether a zoo file's id or aliases include `name`, read from its first
/// top-level keys (every zoo file starts with them): a lookup by name parses
/// one device, not the zoo.
static bool namesDevice(const char *contents, StringRef name) {
  llvm::SourceMgr sourceMgr;
  llvm::yaml::Stream stream(StringRef(contents), sourceMgr,
                            /*ShowColors=*/false);
  auto begin = stream.begin();
  if (begin == stream.end())
    return false;
  auto *map = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(begin->getRoot());
  if (!map)
    return false;
  unsigned seen = 0;
  for (llvm::yaml::KeyValueNode &entry : *map) {
    auto *key = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(entry.getKey());
    if (!key)
      return false;
    llvm::SmallString<32> keyStorage, valueStorage;
    StringRef keyText = key->getValue(keyStorage);
    if (keyText == "id") {
      auto *value =
          llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(entry.getValue());
      if (value && value->getValue(valueStorage) == name)
        return true;
    } else if (keyText == "aliases") {
      if (auto *list = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(
              entry.getValue()))
        for (llvm::yaml::Node &item : *list)
          if (auto *alias = llvm::dyn_cast<llvm::yaml::ScalarNode>(&item);
              alias && alias->getValue(valueStorage) == name)
            return true;
    } else {
      entry.skip();
      continue;
    }
    if (++seen == 2)
      return false;
  }
  return false;
}

/// The zoo device `name` names, parsed alone (once per process), or null.
static std::shared_ptr<const HardwareSpec> findBuiltin(StringRef name) {
  static std::mutex mutex;
  static llvm::StringMap<std::shared_ptr<const HardwareSpec>> found;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = found.find(name); it != found.end())
    return it->second;
  for (const EmbeddedFile &file : kZooFiles) {
    if (!namesDevice(file.contents, name))
      continue;
    llvm::Expected<HardwareSpec> spec = parseHardwareSpec(
        file.contents, ("builtin:zoo/hardware/" + StringRef(file.name)).str());
    if (!spec) {
      llvm::consumeError(spec.takeError());
      return nullptr; // The full registry reports it.
    }
    return found[name] = std::make_shared<HardwareSpec>(std::move(*spec));
  }
  return nullptr;
}

namespace {
/// The system files being resolved, outermost first, by the path each was
/// read from (its origin) and the path that identifies it (the real path of a
/// user's file, so that two spellings of one file are one; the origin of a
/// zoo file). A system whose device is one of them names itself through
/// the chain: followed, it would recurse until the stack overflows.
struct SystemChain {
  struct File {
    std::string origin, identity;
  };
  llvm::SmallVector<File, 4> files;
};

/// A cycle of system files. Its message names the whole chain, so the
/// systems it passes through return it as it is rather than each adding
/// "device 'X':" in front of it.
class SystemCycleError : public llvm::ErrorInfo<SystemCycleError> {
public:
  // llvm::ErrorInfo finds the class by this name.
  static char ID; // NOLINT(readability-identifier-naming)
  explicit SystemCycleError(std::string message)
      : message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return std::make_error_code(std::errc::too_many_symbolic_link_levels);
  }

private:
  std::string message;
};
char SystemCycleError::ID;
} // namespace

static llvm::Expected<std::shared_ptr<const HardwareSpec>>
resolveHardwareIn(StringRef nameOrPath, SystemChain &chain);

/// The path that identifies the file `origin` names (see SystemChain).
static std::string identifyFile(StringRef origin) {
  llvm::SmallString<128> real;
  if (origin.starts_with("builtin:") || llvm::sys::fs::real_path(origin, real))
    return origin.str();
  return real.str().str();
}

/// A system's device: its `device` resolved (a zoo name, or a path relative
/// to the system file's folder), with the system's topology.
static llvm::Expected<std::shared_ptr<const HardwareSpec>>
resolveSystem(SystemSpec system, SystemChain &chain) {
  std::string identity = identifyFile(system.origin);
  if (llvm::any_of(chain.files, [&](const auto &file) {
        return file.identity == identity;
      })) {
    std::string cycle;
    for (const auto &file : chain.files)
      cycle += file.origin + " -> ";
    return llvm::make_error<SystemCycleError>(
        system.origin +
        ": error: 'device:' references form a cycle of "
        "system files: " +
        cycle + system.origin);
  }
  std::string device = system.device;
  if (!findBuiltin(device) &&
      !StringRef(system.origin).starts_with("builtin:")) {
    llvm::SmallString<128> relative =
        llvm::sys::path::parent_path(system.origin);
    llvm::sys::path::append(relative, device);
    if (llvm::sys::fs::exists(relative))
      device = relative.str().str();
  }
  chain.files.push_back({system.origin, identity});
  llvm::Expected<std::shared_ptr<const HardwareSpec>> spec =
      resolveHardwareIn(device, chain);
  chain.files.pop_back();
  if (!spec) {
    llvm::Error error = spec.takeError();
    if (error.isA<SystemCycleError>())
      return std::move(error);
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s: error: device '%s': %s",
                                   system.origin.c_str(), system.device.c_str(),
                                   llvm::toString(std::move(error)).c_str());
  }
  if ((*spec)->system)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "%s: error: device '%s' is itself a system; a system is made of one "
        "device",
        system.origin.c_str(), system.device.c_str());
  return std::shared_ptr<const HardwareSpec>(
      std::make_shared<HardwareSpec>(makeSystemDevice(
          **spec, std::make_shared<SystemSpec>(std::move(system)))));
}

/// The zoo system `name` names (id or alias), or std::nullopt.
static std::optional<llvm::Expected<std::shared_ptr<const HardwareSpec>>>
findBuiltinSystem(StringRef name, SystemChain &chain) {
  for (const EmbeddedFile *file = kSystemFiles; file->name; ++file) {
    if (!namesDevice(file->contents, name))
      continue;
    llvm::Expected<SystemSpec> system = parseSystemSpec(
        file->contents, ("builtin:zoo/systems/" + StringRef(file->name)).str());
    if (!system)
      return llvm::Expected<std::shared_ptr<const HardwareSpec>>(
          system.takeError());
    return resolveSystem(std::move(*system), chain);
  }
  return std::nullopt;
}

llvm::Expected<llvm::ArrayRef<SystemSpec>> mlsysim::getBuiltinSystems() {
  static std::string error;
  static const std::vector<SystemSpec> *systems = [] {
    auto *result = new std::vector<SystemSpec>();
    llvm::StringSet<> taken;
    for (const EmbeddedFile *file = kSystemFiles; file->name; ++file) {
      llvm::Expected<SystemSpec> system = parseSystemSpec(
          file->contents,
          ("builtin:zoo/systems/" + StringRef(file->name)).str(), &taken);
      if (!system) {
        error = llvm::toString(system.takeError());
        return static_cast<const std::vector<SystemSpec> *>(nullptr);
      }
      taken.insert(system->id);
      for (const std::string &alias : system->aliases)
        taken.insert(alias);
      result->push_back(std::move(*system));
    }
    return static_cast<const std::vector<SystemSpec> *>(result);
  }();
  if (!systems)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), error);
  return llvm::ArrayRef<SystemSpec>(*systems);
}

llvm::Expected<std::shared_ptr<const HardwareSpec>>
mlsysim::resolveHardware(StringRef nameOrPath) {
  SystemChain chain;
  return resolveHardwareIn(nameOrPath, chain);
}

/// resolveHardware, within the system files `chain` is resolving.
static llvm::Expected<std::shared_ptr<const HardwareSpec>>
resolveHardwareIn(StringRef nameOrPath, SystemChain &chain) {
  if (std::shared_ptr<const HardwareSpec> spec = findBuiltin(nameOrPath))
    return spec;
  llvm::Expected<const HardwareRegistry &> zoo = HardwareRegistry::builtin();
  if (!zoo)
    return zoo.takeError();
  if (const HardwareSpec *spec = zoo->lookup(nameOrPath))
    // The zoo lives as long as the process: a non-owning pointer.
    return std::shared_ptr<const HardwareSpec>(std::shared_ptr<void>(), spec);
  if (auto system = findBuiltinSystem(nameOrPath, chain))
    return std::move(*system);
  // Not a zoo name: a device file of the user's, read only when it is a
  // regular file of a device description's size (/dev/zero never ends).
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(nameOrPath, status)) {
    if (status.type() != llvm::sys::fs::file_type::regular_file)
      return llvm::createStringError(
          std::make_error_code(std::errc::invalid_argument),
          "cannot read hardware file '%s': not a regular file",
          nameOrPath.str().c_str());
    if (status.getSize() > kMaxDeviceFileBytes)
      return llvm::createStringError(
          std::make_error_code(std::errc::file_too_large),
          "cannot read hardware file '%s': %llu bytes is too large for a "
          "device description (at most %zu)",
          nameOrPath.str().c_str(),
          static_cast<unsigned long long>(status.getSize()),
          kMaxDeviceFileBytes);
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(nameOrPath, /*IsText=*/true);
  if (!buffer) {
    std::vector<StringRef> known;
    for (const auto &device : zoo->getDevices()) {
      known.push_back(device->id);
      llvm::append_range(known, device->aliases);
    }
    if (llvm::Expected<llvm::ArrayRef<SystemSpec>> systems =
            getBuiltinSystems())
      for (const SystemSpec &system : *systems) {
        known.push_back(system.id);
        llvm::append_range(known, system.aliases);
      }
    else
      llvm::consumeError(systems.takeError());
    bool looksLikePath = nameOrPath.contains('/') ||
                         nameOrPath.ends_with(".yaml") ||
                         nameOrPath.ends_with(".yml");
    if (looksLikePath)
      return llvm::createStringError(
          buffer.getError(), "cannot read hardware file '%s': %s",
          nameOrPath.str().c_str(), buffer.getError().message().c_str());
    // The nearest names, not all of them: the zoo has hundreds of names,
    // and --list-hardware prints them with what each device is.
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "unknown hardware '%s'%s (mlsysim-opt --list-hardware lists the zoo; "
        "a path names a device file, see docs/hardware.md)",
        nameOrPath.str().c_str(), suggestNames(nameOrPath, known).c_str());
  }
  // A file given by path is the user's device or system: it may reuse a zoo
  // id (a copied zoo file with one number changed); reports name the file.
  if (isSystemFile((*buffer)->getBuffer())) {
    llvm::Expected<SystemSpec> system =
        parseSystemSpec((*buffer)->getBuffer(), nameOrPath);
    if (!system)
      return system.takeError();
    return resolveSystem(std::move(*system), chain);
  }
  llvm::Expected<HardwareSpec> spec =
      parseHardwareSpec((*buffer)->getBuffer(), nameOrPath);
  if (!spec)
    return spec.takeError();
  return std::shared_ptr<const HardwareSpec>(
      std::make_shared<HardwareSpec>(std::move(*spec)));
}

llvm::Expected<std::vector<std::shared_ptr<const HardwareSpec>>>
mlsysim::resolveHardwareList(StringRef list) {
  llvm::SmallVector<StringRef> names;
  list.split(names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  if (names.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "hardware= names no device");
  std::vector<std::shared_ptr<const HardwareSpec>> devices;
  for (StringRef name : names) {
    name = name.trim();
    if (name == "all" || name.starts_with("class:")) {
      llvm::Expected<const HardwareRegistry &> zoo =
          HardwareRegistry::builtin();
      if (!zoo)
        return zoo.takeError();
      StringRef deviceClass = name.starts_with("class:")
                                  ? name.drop_front(strlen("class:"))
                                  : StringRef();
      bool matched = false;
      for (const auto &device : zoo->getDevices()) {
        if (!deviceClass.empty() && device->deviceClass != deviceClass)
          continue;
        matched = true;
        // A device named before (`hardware=a100,all`: the reference) is
        // compared once. Its origin names the zoo file whichever lookup
        // parsed it; a user's file that reuses a zoo id stays apart.
        if (llvm::any_of(devices, [&](const auto &listed) {
              return listed->origin == device->origin;
            }))
          continue;
        // The zoo lives as long as the process: non-owning pointers.
        devices.push_back(std::shared_ptr<const HardwareSpec>(
            std::shared_ptr<void>(), device.get()));
      }
      if (!matched) {
        std::set<std::string> classes;
        for (const auto &device : zoo->getDevices())
          classes.insert(device->deviceClass);
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(),
            "no device of class '%s'; the zoo's classes: %s",
            deviceClass.str().c_str(),
            llvm::join(classes.begin(), classes.end(), ", ").c_str());
      }
      continue;
    }
    llvm::Expected<std::shared_ptr<const HardwareSpec>> device =
        resolveHardware(name);
    if (!device)
      return device.takeError();
    devices.push_back(*device);
  }
  return devices;
}
