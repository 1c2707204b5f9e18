//===- HardwareSpecTest.cpp - Device files and the embedded zoo -----------===//

#include "mlsysim/Hardware/HardwareSpec.h"
#include "mlsysim/Hardware/HardwareRegistry.h"

#include "gtest/gtest.h"

using namespace mlsysim;

namespace {

constexpr const char *kValid = R"(id: test-device
aliases: [td]
name: Test Device
vendor: Nobody
class: cpu
sources:
  sheet: {title: A datasheet, url: https://example.invalid/sheet, read: 2026-11-29}
peaks:
  matrix:
    bf16: {value: 100e12, source: sheet}
  vector:
    f32: {value: 10e12, source: sheet, note: derived}
memory:
  capacity_bytes: {value: 16e9, source: sheet}
  bandwidth_bytes_per_s: {value: 100e9, source: sheet}
launch_overhead_s: {value: 2e-6, assumption: a function call}
efficiency:
  compute: {value: 0.5, assumption: guess}
  memory: {value: 0.8, assumption: guess}
)";

/// Parses `text` and returns the error message ("" on success).
std::string parseError(const std::string &text,
                       const llvm::StringSet<> *taken = nullptr) {
  llvm::Expected<HardwareSpec> spec =
      parseHardwareSpec(text, "device.yaml", taken);
  if (spec)
    return "";
  return llvm::toString(spec.takeError());
}

/// kValid with `from` replaced by `to`.
std::string edit(llvm::StringRef from, llvm::StringRef to) {
  std::string text = kValid;
  size_t pos = text.find(from.str());
  EXPECT_NE(pos, std::string::npos) << from.str();
  return text.replace(pos, from.size(), to.str());
}

TEST(HardwareSpecTest, ParsesAValidFile) {
  llvm::Expected<HardwareSpec> spec = parseHardwareSpec(kValid, "device.yaml");
  ASSERT_TRUE(static_cast<bool>(spec)) << llvm::toString(spec.takeError());
  EXPECT_EQ(spec->id, "test-device");
  EXPECT_EQ(spec->aliases, std::vector<std::string>{"td"});
  EXPECT_DOUBLE_EQ(spec->matrixPeaks.at(ElementKind::BF16).value, 100e12);
  EXPECT_EQ(spec->vectorPeaks.at(ElementKind::F32).note, "derived");
  EXPECT_DOUBLE_EQ(spec->memoryBandwidthBytesPerS.value, 100e9);
  EXPECT_EQ(spec->getLaunchOverhead(ExecutionModel::Eager).assumption,
            "a function call");
  EXPECT_EQ(spec->findSource("sheet")->url, "https://example.invalid/sheet");
}

TEST(HardwareSpecTest, MissingRequiredFieldNamesIt) {
  std::string error = parseError(edit("vendor: Nobody\n", ""));
  EXPECT_NE(error.find("device.yaml:1:1: error: missing required key 'vendor'"),
            std::string::npos)
      << error;
}

TEST(HardwareSpecTest, NegativeRateIsLocated) {
  std::string error = parseError(edit("value: 10e12", "value: -10e12"));
  // Line 12, the scalar after "value: ".
  EXPECT_NE(error.find("device.yaml:12:18: error: peaks.vector.f32: value "
                       "must be positive"),
            std::string::npos)
      << error;
}

TEST(HardwareSpecTest, ZeroBandwidthIsRejected) {
  std::string error = parseError(edit("value: 100e9", "value: 0"));
  EXPECT_NE(error.find("memory.bandwidth_bytes_per_s: value must be positive"),
            std::string::npos)
      << error;
}

TEST(HardwareSpecTest, UnknownElementType) {
  std::string error = parseError(edit("bf16: {", "bf17: {"));
  EXPECT_NE(error.find("peaks.matrix: unknown element type 'bf17'"),
            std::string::npos)
      << error;
}

TEST(HardwareSpecTest, UnknownUnitKey) {
  std::string error = parseError(edit("  matrix:", "  systolic:"));
  EXPECT_NE(error.find("unknown key 'systolic'"), std::string::npos) << error;
}

TEST(HardwareSpecTest, UnknownSourceKey) {
  std::string error =
      parseError(edit("source: sheet, note", "source: nope, note"));
  EXPECT_NE(error.find("peaks.vector.f32: source 'nope' names no entry"),
            std::string::npos)
      << error;
}

TEST(HardwareSpecTest, NumberWithoutProvenance) {
  std::string error =
      parseError(edit("{value: 16e9, source: sheet}", "{value: 16e9}"));
  EXPECT_NE(error.find("memory.capacity_bytes: a number needs exactly one of "
                       "'source'"),
            std::string::npos)
      << error;
}

TEST(HardwareSpecTest, BareNumberIsRejected) {
  std::string error = parseError(edit("{value: 16e9, source: sheet}", "16e9"));
  EXPECT_NE(error.find("device.yaml:14:19: error"), std::string::npos) << error;
}

TEST(HardwareSpecTest, EfficiencyAboveOne) {
  std::string error = parseError(edit("value: 0.5", "value: 1.5"));
  EXPECT_NE(error.find("efficiency.compute: an efficiency is a fraction"),
            std::string::npos)
      << error;
}

TEST(HardwareSpecTest, UnknownClass) {
  std::string error = parseError(edit("class: cpu", "class: toaster"));
  EXPECT_NE(error.find("device.yaml:5:8: error: unknown class"),
            std::string::npos)
      << error;
}

TEST(HardwareSpecTest, DuplicateIdOrAlias) {
  llvm::StringSet<> taken;
  taken.insert("td");
  std::string error = parseError(kValid, &taken);
  EXPECT_NE(error.find("device.yaml:2:11: error: duplicate id or alias 'td'"),
            std::string::npos)
      << error;
  EXPECT_NE(parseError(edit("aliases: [td]", "aliases: [td, td]"))
                .find("duplicate id or alias 'td'"),
            std::string::npos);
}

TEST(HardwareSpecTest, EmptyAndGarbageInput) {
  EXPECT_NE(parseError(""), "");
  EXPECT_NE(parseError("[1, 2"), "");
  EXPECT_NE(parseError("id: x\n"), "");
  EXPECT_NE(parseError("\x01\x02\xff"), "");
}

TEST(HardwareRegistryTest, BuiltinZooLoadsAndResolvesAliases) {
  llvm::Expected<const HardwareRegistry &> zoo = HardwareRegistry::builtin();
  ASSERT_TRUE(static_cast<bool>(zoo)) << llvm::toString(zoo.takeError());
  const HardwareSpec *h100 = zoo->lookup("h100");
  ASSERT_NE(h100, nullptr);
  EXPECT_EQ(h100->id, "nvidia-h100-sxm");
  const HardwareSpec *a100 = zoo->lookup("a100");
  ASSERT_NE(a100, nullptr);
  EXPECT_EQ(a100->id, "nvidia-a100-sxm4-80gb");
  // Datasheet values (see the sources in the zoo files).
  EXPECT_DOUBLE_EQ(h100->matrixPeaks.at(ElementKind::F16).value, 989.4e12);
  EXPECT_DOUBLE_EQ(h100->memoryBandwidthBytesPerS.value, 3.35e12);
  EXPECT_DOUBLE_EQ(a100->matrixPeaks.at(ElementKind::BF16).value, 312e12);
  EXPECT_DOUBLE_EQ(a100->memoryBandwidthBytesPerS.value, 2.039e12);
}

/// A sample of zoo numbers against the vendors' datasheets (dense rates).
TEST(HardwareRegistryTest, SampleMatchesDatasheets) {
  llvm::Expected<const HardwareRegistry &> zoo = HardwareRegistry::builtin();
  ASSERT_TRUE(static_cast<bool>(zoo)) << llvm::toString(zoo.takeError());
  auto matrix = [&](llvm::StringRef id, ElementKind kind) {
    const HardwareSpec *spec = zoo->lookup(id);
    EXPECT_NE(spec, nullptr) << id.str();
    return spec ? spec->matrixPeaks.at(kind).value : 0.0;
  };
  auto bandwidth = [&](llvm::StringRef id) {
    const HardwareSpec *spec = zoo->lookup(id);
    EXPECT_NE(spec, nullptr) << id.str();
    return spec ? spec->memoryBandwidthBytesPerS.value : 0.0;
  };
  // AMD Instinct MI300X data sheet: 1307.4 TFLOPS dense BF16, 5.3 TB/s.
  EXPECT_DOUBLE_EQ(matrix("mi300x", ElementKind::BF16), 1307.4e12);
  EXPECT_DOUBLE_EQ(bandwidth("mi300x"), 5.3e12);
  // Cloud TPU v5e: 197 TFLOPS bf16 and 819 GB/s HBM per chip.
  EXPECT_DOUBLE_EQ(matrix("tpu-v5e", ElementKind::BF16), 197e12);
  EXPECT_DOUBLE_EQ(bandwidth("tpu-v5e"), 819e9);
  // Cloud TPU v5p: 459 TFLOPS bf16, 2765 GB/s per chip.
  EXPECT_DOUBLE_EQ(matrix("tpu-v5p", ElementKind::BF16), 459e12);
  EXPECT_DOUBLE_EQ(bandwidth("tpu-v5p"), 2765e9);
  // NVIDIA L4: FP8 485 TFLOPS with sparsity = 242.5 dense; 300 GB/s.
  EXPECT_DOUBLE_EQ(matrix("l4", ElementKind::FP8), 242.5e12);
  EXPECT_DOUBLE_EQ(bandwidth("l4"), 300e9);
  // NVIDIA T4: 65 TFLOPS mixed-precision tensor; 320 GB/s.
  EXPECT_DOUBLE_EQ(matrix("t4", ElementKind::F16), 65e12);
  EXPECT_DOUBLE_EQ(bandwidth("t4"), 320e9);
  // NVIDIA V100 SXM2: 125 TFLOPS tensor; 900 GB/s.
  EXPECT_DOUBLE_EQ(matrix("v100", ElementKind::F16), 125e12);
  EXPECT_DOUBLE_EQ(bandwidth("v100"), 900e9);
  // NVIDIA A100 40GB: 1555 GB/s; H200: 4.8 TB/s and 141 GB.
  EXPECT_DOUBLE_EQ(bandwidth("a100-40gb"), 1.555e12);
  EXPECT_DOUBLE_EQ(bandwidth("h200"), 4.8e12);
  EXPECT_DOUBLE_EQ(zoo->lookup("h200")->memoryCapacityBytes.value, 141e9);
  // NVIDIA B200: 4.5 PFLOPS FP16/BF16 with sparsity = 2.25 dense.
  EXPECT_DOUBLE_EQ(matrix("b200", ElementKind::BF16), 2.25e15);
}

TEST(HardwareRegistryTest, EveryZooNumberHasASource) {
  llvm::Expected<const HardwareRegistry &> zoo = HardwareRegistry::builtin();
  ASSERT_TRUE(static_cast<bool>(zoo)) << llvm::toString(zoo.takeError());
  auto check = [](const HardwareSpec &spec, const SourcedValue &value,
                  llvm::StringRef field) {
    if (!value.source.empty())
      EXPECT_NE(spec.findSource(value.source), nullptr)
          << spec.id << " " << field.str();
    else
      EXPECT_FALSE(value.assumption.empty()) << spec.id << " " << field.str();
  };
  for (const auto &device : zoo->getDevices()) {
    for (ComputeUnit unit : {ComputeUnit::Matrix, ComputeUnit::Vector})
      for (const auto &[kind, value] : device->peaks(unit))
        check(*device, value, stringifyElementKind(kind));
    check(*device, device->memoryBandwidthBytesPerS, "bandwidth");
    check(*device, device->memoryCapacityBytes, "capacity");
    for (const auto &[model, launch] : device->launchOverheadS)
      check(*device, launch,
            ("launch overhead " + stringifyExecutionModel(model)).str());
    check(*device, device->computeEfficiency, "compute efficiency");
    check(*device, device->memoryEfficiency, "memory efficiency");
    for (const auto *optional :
         {&device->specialFunctionRate, &device->llcCapacityBytes,
          &device->llcBandwidthBytesPerS, &device->scratchpadPerCoreBytes,
          &device->cores, &device->clockHz, &device->accelerators,
          &device->tdpW, &device->hostLinkBytesPerSPerDirection,
          &device->deviceLinkBytesPerSPerDirection})
      if (*optional)
        check(*device, **optional, "optional field");
    for (const HardwareSource &source : device->sources) {
      EXPECT_FALSE(source.title.empty()) << device->id;
      EXPECT_FALSE(source.url.empty()) << device->id;
      EXPECT_FALSE(source.read.empty()) << device->id;
    }
  }
}

TEST(HardwareRegistryTest, AtLeastFiftyDevicesOfEveryClass) {
  llvm::Expected<const HardwareRegistry &> zoo = HardwareRegistry::builtin();
  ASSERT_TRUE(static_cast<bool>(zoo)) << llvm::toString(zoo.takeError());
  EXPECT_GE(zoo->getDevices().size(), 50u);
  llvm::StringSet<> classes;
  for (const auto &device : zoo->getDevices())
    classes.insert(device->deviceClass);
  for (const char *cls : {"datacenter-gpu", "desktop-gpu", "tpu", "npu", "cpu",
                          "edge", "mobile", "microcontroller"})
    EXPECT_TRUE(classes.contains(cls)) << cls;
}

TEST(HardwareRegistryTest, UnknownNameSuggestsNearestNames) {
  auto spec = resolveHardware("tpu-v99");
  ASSERT_FALSE(static_cast<bool>(spec));
  std::string error = llvm::toString(spec.takeError());
  EXPECT_NE(error.find("unknown hardware 'tpu-v99'"), std::string::npos);
  // The nearest names by edit distance, not the whole zoo.
  EXPECT_NE(error.find("did you mean 'tpu-v1'"), std::string::npos);
  EXPECT_EQ(error.find("a100"), std::string::npos);
  EXPECT_NE(error.find("--list-hardware"), std::string::npos);
}

} // namespace
