//===- ProfileReadersTest.cpp - The CSV readers: nsys and ncu -------------===//
//
// parseCSV's corner cases, each Nsight reader on inline files whose numbers
// are computed by hand in the comments, the recognition that keeps the two
// apart, and every error message with the line it names. The fixtures of
// test/Profile/Inputs (sources in its README.md) are read through
// readProfile, as a user's file would be.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Profile/Profile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace mlsysim;

namespace {

using Rows = std::vector<std::vector<std::string>>;

Rows parse(llvm::StringRef text) {
  llvm::Expected<Rows> rows = parseCSV(text);
  EXPECT_TRUE(static_cast<bool>(rows)) << llvm::toString(rows.takeError());
  return rows ? *rows : Rows();
}

/// The error message of reading `text` with `read` ("" on success).
std::string readError(llvm::Expected<Profile> (*read)(llvm::StringRef,
                                                      llvm::StringRef),
                      llvm::StringRef text) {
  llvm::Expected<Profile> profile = read("f.csv", text);
  if (profile)
    return "";
  return llvm::toString(profile.takeError());
}

Profile readOk(llvm::Expected<Profile> (*read)(llvm::StringRef,
                                               llvm::StringRef),
               llvm::StringRef text) {
  llvm::Expected<Profile> profile = read("f.csv", text);
  EXPECT_TRUE(static_cast<bool>(profile))
      << llvm::toString(profile.takeError());
  return profile ? std::move(*profile) : Profile();
}

/// A fixture of test/Profile/Inputs, found from this file's path.
std::string input(llvm::StringRef name) {
  llvm::SmallString<256> path(llvm::sys::path::parent_path(__FILE__));
  llvm::sys::path::append(path, "..", "..", "test", "Profile");
  llvm::sys::path::append(path, "Inputs", name);
  return std::string(path);
}

Profile readInput(llvm::StringRef name) {
  llvm::Expected<Profile> profile = readProfile(input(name));
  EXPECT_TRUE(static_cast<bool>(profile))
      << llvm::toString(profile.takeError());
  return profile ? std::move(*profile) : Profile();
}

std::string readInputError(llvm::StringRef name) {
  llvm::Expected<Profile> profile = readProfile(input(name));
  if (profile)
    return "";
  return llvm::toString(profile.takeError());
}

//===----------------------------------------------------------------------===//
// parseCSV
//===----------------------------------------------------------------------===//

TEST(ProfileCSVTest, QuotedFieldsAndDoubledQuotes) {
  EXPECT_EQ(parse("a,b\n\"c,d\",\"e \"\"q\"\"\"\n"),
            (Rows{{"a", "b"}, {"c,d", "e \"q\""}}));
}

TEST(ProfileCSVTest, NewlineInsideQuotesAndCRLF) {
  EXPECT_EQ(parse("\"x\ny\",z\r\nw,v"), (Rows{{"x\ny", "z"}, {"w", "v"}}));
}

TEST(ProfileCSVTest, TrailingNewlineAddsNoRow) {
  EXPECT_EQ(parse("a\n"), (Rows{{"a"}}));
  EXPECT_EQ(parse("a\r\n"), (Rows{{"a"}}));
  EXPECT_EQ(parse(""), Rows());
}

TEST(ProfileCSVTest, EmptyFieldsKeptBlankLinesLeftOut) {
  EXPECT_EQ(parse(",\na,,b\n\n\"\"\n"), (Rows{{"", ""}, {"a", "", "b"}, {""}}));
}

TEST(ProfileCSVTest, ByteOrderMarkDropped) {
  EXPECT_EQ(parse("\xEF\xBB\xBFName,Value\n1,2\n"),
            (Rows{{"Name", "Value"}, {"1", "2"}}));
}

TEST(ProfileCSVTest, LenientWhereTheRFCIsSilent) {
  // ncu's progress lines: a quote inside an unquoted field is a character.
  EXPECT_EQ(parse("==PROF== \"k\" - 0\n"), (Rows{{"==PROF== \"k\" - 0"}}));
  EXPECT_EQ(parse("\"ab\"c,d\n"), (Rows{{"abc", "d"}}));
}

TEST(ProfileCSVTest, UnterminatedQuoteNamesItsLine) {
  // Lines 2-3 are one quoted field; the quote of line 4 never closes.
  llvm::Expected<Rows> rows = parseCSV("h\n\"ok\nstill\",1\n\"never\n");
  ASSERT_FALSE(static_cast<bool>(rows));
  EXPECT_EQ(llvm::toString(rows.takeError()),
            "line 4: unterminated quote (the file ends inside a quoted "
            "field: truncated?)");
  rows = parseCSV("a\n\"b\nc\nd");
  ASSERT_FALSE(static_cast<bool>(rows));
  EXPECT_EQ(llvm::toString(rows.takeError()).substr(0, 7), "line 2:");
}

//===----------------------------------------------------------------------===//
// nsys
//===----------------------------------------------------------------------===//

constexpr llvm::StringLiteral kTrace =
    R"csv(Processing [r.sqlite] with [/opt/nsys/reports/cuda_gpu_trace.py]... 
"Start (ns)","Duration (ns)","CorrId","GrdX","GrdY","GrdZ","BlkX","BlkY","BlkZ","Reg/Trd","StcSMem (MB)","DymSMem (MB)","Bytes (MB)","Throughput (MB/s)","SrcMemKd","DstMemKd","Device","Ctx","Strm","Name"
2000,1500,12,64,1,1,128,1,1,32,0.000,0.000,,,,,"GPU (0)",1,7,"void k<float>(float *, int)"
1000,250,11,,,,,,,,,,0.001,4000.0,"Pageable","Device","GPU (0)",1,7,"[CUDA memcpy Host-to-Device]"
)csv";

constexpr llvm::StringLiteral kKernSum =
    R"csv("Time (%)","Total Time (ns)","Instances","Avg (ns)","Med (ns)","Min (ns)","Max (ns)","StdDev (ns)","Name"
80.0,4000,4,1000.0,1000.0,900,1100,50.0,"gemm"
20.0,1000,10,100.0,100.0,90,110,5.0,"relu"
)csv";

constexpr llvm::StringLiteral kNcuDetails =
    R"csv(==PROF== Connected to process 1 (/bin/app)
"ID","Kernel Name","Section Name","Metric Name","Metric Unit","Metric Value"
"10","late","s","Duration","msecond","1.5"
"10","late","s","dram__bytes_read.sum","Mbyte","3"
"2","early","s","gpu__time_duration.sum","nsecond","1,234.5"
"2","early","s","dram__bytes_read.sum","Kbyte","2"
"2","early","s","dram__bytes_write.sum","byte","500"
"2","early","s","sm__sass_thread_inst_executed_op_ffma_pred_on.sum","inst","1,000"
"2","early","s","sm__sass_thread_inst_executed_op_hadd_pred_on.sum","inst","30"
"7","none","s","Duration","usecond","n/a"
)csv";

constexpr llvm::StringLiteral kNcuRaw =
    R"csv("ID","Kernel Name","dram__bytes.sum","gpu__time_duration.sum","sm__sass_thread_inst_executed_op_dfma_pred_on.sum","sm__sass_thread_inst_executed_op_fadd_pred_on.sum","sm__sass_thread_inst_executed_op_fmul_pred_on.sum"
"","","Mbyte","usecond","inst","inst","inst"
"0","k0","1.5","10","100","20","3"
"1","k1","","2.5","","",""
)csv";

TEST(ProfileNsysTest, GpuTraceInStartOrder) {
  Profile profile = readOk(readNsysCSV, kTrace);
  EXPECT_EQ(profile.format, "nsys");
  EXPECT_EQ(profile.path, "f.csv");
  EXPECT_TRUE(profile.skipped.empty());
  ASSERT_EQ(profile.kernels.size(), 2u);
  // The memcpy started first (1000 ns): kept, named as nsys names it.
  const MeasuredKernel &copy = profile.kernels[0];
  EXPECT_EQ(copy.name, "[CUDA memcpy Host-to-Device]");
  EXPECT_EQ(copy.device, "cuda");
  EXPECT_DOUBLE_EQ(copy.start, 1e-6);      // 1000 ns
  EXPECT_DOUBLE_EQ(copy.duration, 2.5e-7); // 250 ns
  const MeasuredKernel &kernel = profile.kernels[1];
  EXPECT_EQ(kernel.name, "void k<float>(float *, int)");
  EXPECT_DOUBLE_EQ(kernel.start, 2e-6);      // 2000 ns
  EXPECT_DOUBLE_EQ(kernel.duration, 1.5e-6); // 1500 ns
  EXPECT_EQ(kernel.instances, 1u);
  EXPECT_FALSE(kernel.flops.has_value());
  EXPECT_FALSE(kernel.bytes.has_value());
}

TEST(ProfileNsysTest, TimeUnitsFromTheHeader) {
  // --timeunit: 1.5 us and 2 ms.
  Profile units =
      readOk(readNsysCSV, "\"Start (us)\",\"Duration (ms)\",\"GrdX\",\"Strm\","
                          "\"Name\"\n1.5,2,1,7,\"k\"\n");
  ASSERT_EQ(units.kernels.size(), 1u);
  EXPECT_DOUBLE_EQ(units.kernels[0].start, 1.5e-6);
  EXPECT_DOUBLE_EQ(units.kernels[0].duration, 2e-3);
  // nsys 2021's gputrace: seconds and nanoseconds, no space.
  Profile old = readOk(readNsysCSV, "\"Start(sec)\",\"Duration(nsec)\","
                                    "\"CorrId\",\"GrdX\",\"Strm\",\"Name\"\n"
                                    "0.000123,456,1,1,7,\"k\"\n");
  ASSERT_EQ(old.kernels.size(), 1u);
  EXPECT_DOUBLE_EQ(old.kernels[0].start, 1.23e-4);
  EXPECT_DOUBLE_EQ(old.kernels[0].duration, 4.56e-7);
  // No unit: nanoseconds, nsys's default.
  Profile bare = readOk(readNsysCSV, "Start,Duration,GrdX,Strm,Name\n"
                                     "10,20,1,7,k\n");
  ASSERT_EQ(bare.kernels.size(), 1u);
  EXPECT_DOUBLE_EQ(bare.kernels[0].start, 1e-8);
  EXPECT_DOUBLE_EQ(bare.kernels[0].duration, 2e-8);
}

TEST(ProfileNsysTest, KernelSummaryRowsAreEntries) {
  Profile profile = readOk(readNsysCSV, kKernSum);
  ASSERT_EQ(profile.kernels.size(), 2u);
  EXPECT_EQ(profile.kernels[0].name, "gemm");
  EXPECT_DOUBLE_EQ(profile.kernels[0].duration, 4e-6); // total: 4000 ns
  EXPECT_EQ(profile.kernels[0].instances, 4u);
  EXPECT_DOUBLE_EQ(profile.kernels[0].start, 0.0); // row order
  EXPECT_EQ(profile.kernels[1].name, "relu");
  EXPECT_DOUBLE_EQ(profile.kernels[1].duration, 1e-6); // 1000 ns
  EXPECT_EQ(profile.kernels[1].instances, 10u);
  EXPECT_DOUBLE_EQ(profile.kernels[1].start, 1.0);
  // nsys 2021's gpukernsum: no units, nanoseconds.
  Profile old = readOk(readNsysCSV, "\"Time(%)\",\"Total Time\",\"Instances\","
                                    "\"Average\",\"Name\"\n"
                                    "100.0,3000,3,1000.0,\"k\"\n");
  ASSERT_EQ(old.kernels.size(), 1u);
  EXPECT_DOUBLE_EQ(old.kernels[0].duration, 3e-6);
  EXPECT_EQ(old.kernels[0].instances, 3u);
}

TEST(ProfileNsysTest, FirstTableOnlyAndRowsWithoutDuration) {
  // Line 1 the header, 2-4 rows (two without a duration), 5 the next
  // report's title, 6-7 its table.
  Profile profile = readOk(
      readNsysCSV, "\"Start (ns)\",\"Duration (ns)\",\"GrdX\",\"Strm\","
                   "\"Name\"\n"
                   "1,,1,7,\"a\"\n"
                   "2,5,1,7,\"b\"\n"
                   "3,,1,7,\"c\"\n"
                   "** CUDA API Summary (cuda_api_sum):\n"
                   "\"Time (%)\",\"Total Time (ns)\",\"Num Calls\",\"Name\"\n"
                   "100.0,9,1,\"cudaLaunchKernel\"\n");
  ASSERT_EQ(profile.kernels.size(), 1u);
  EXPECT_EQ(profile.kernels[0].name, "b");
  EXPECT_EQ(profile.skipped,
            (std::vector<std::string>{
                "lines from 5 on (another report's output) not read",
                "2 rows without a duration"}));
}

TEST(ProfileNsysTest, Recognition) {
  EXPECT_TRUE(isNsysCSV("x", kTrace));
  EXPECT_TRUE(isNsysCSV("x", kKernSum));
  EXPECT_TRUE(isNsysCSV("x", "\"Total Time (ns)\",\"Instances\",\"Name\"\r\n"));
  EXPECT_FALSE(isNsysCSV("x", kNcuDetails));
  EXPECT_FALSE(isNsysCSV("x", kNcuRaw));
  // cuda_api_trace: CPU-side calls, not GPU work.
  EXPECT_FALSE(isNsysCSV("x", "\"Start (ns)\",\"Duration (ns)\",\"Name\","
                              "\"Result\",\"CorrID\",\"Pid\",\"Tid\"\n"));
  EXPECT_FALSE(isNsysCSV("x", "{\"traceEvents\": []}"));
}

TEST(ProfileNsysTest, Errors) {
  EXPECT_EQ(readError(readNsysCSV,
                      "Processing [r.sqlite] with [cuda_gpu_trace.py]...\n"
                      "\"Start (ns)\",\"CorrId\",\"GrdX\",\"Strm\",\"Name\"\n"),
            "f.csv: line 2: missing column \"Duration (ns)\" (the "
            "cuda_gpu_trace table's header)");
  EXPECT_EQ(readError(readNsysCSV, "\"Total Time (ns)\",\"Name\"\n1,\"k\"\n"),
            "f.csv: line 1: missing column \"Instances\" (the "
            "cuda_gpu_kern_sum table's header)");
  // Lines 1-6, then the bad duration at line 7.
  EXPECT_EQ(readError(readNsysCSV, "title\n\n"
                                   "Start (ns),Duration (ns),GrdX,Strm,Name\n"
                                   "1,1,1,7,a\n2,1,1,7,b\n3,1,1,7,c\n"
                                   "4,fast,1,7,d\n"),
            "f.csv: line 7: non-numeric duration 'fast' in column "
            "\"Duration (ns)\"");
  EXPECT_EQ(readError(readNsysCSV, "Start (ns),Duration (ns),GrdX,Strm,Name\n"
                                   "-5,1,1,7,a\n"),
            "f.csv: line 2: negative start '-5' in column \"Start (ns)\"");
  EXPECT_EQ(readError(readNsysCSV, "Start (ns),Duration (ns),GrdX,Strm,Name\n"
                                   "1,1,1,7,\"k\n"),
            "f.csv: line 2: unterminated quote (the file ends inside a "
            "quoted field: truncated?)");
  EXPECT_EQ(readError(readNsysCSV, "Start (ns),Duration (ns),GrdX,Strm,Name\n"
                                   "1,1,1,7,a\n1,1,7,b\n"),
            "f.csv: line 3: 4 fields where the header (line 1) has 5");
  EXPECT_EQ(readError(readNsysCSV, "Start (ns),Duration (fortnights),GrdX,"
                                   "Strm,Name\n"),
            "f.csv: line 1: unknown time unit 'fortnights' in column "
            "\"Duration (fortnights)\" (ns, us, ms or s)");
  EXPECT_EQ(readError(readNsysCSV, "\"Total Time (ns)\",\"Instances\","
                                   "\"Name\"\n1,2.5,\"k\"\n"),
            "f.csv: line 2: non-numeric instance count '2.5' in column "
            "\"Instances\"");
  EXPECT_EQ(readError(readNsysCSV, "hello,world\n").substr(0, 22),
            "f.csv: no nsys table: ");
}

TEST(ProfileNsysTest, Fixtures) {
  Profile trace = readInput("nsys-gputrace.csv");
  EXPECT_EQ(trace.format, "nsys");
  ASSERT_EQ(trace.kernels.size(), 5u);
  EXPECT_EQ(trace.kernels[0].name, "[CUDA memcpy Host-to-Device]");
  EXPECT_DOUBLE_EQ(trace.kernels[0].start, 0.512345678);   // 512345678 ns
  EXPECT_DOUBLE_EQ(trace.kernels[0].duration, 1.01024e-4); // 101024 ns
  EXPECT_EQ(trace.kernels[1].name,
            "void at::native::vectorized_elementwise_kernel<4, "
            "at::native::FillFunctor<float>, at::detail::Array<char *, "
            "1>>(int, T2, T3)");
  EXPECT_DOUBLE_EQ(trace.kernels[2].duration, 1.12384e-4); // 112384 ns
  EXPECT_EQ(trace.kernels[3].name, "[CUDA memset]");
  EXPECT_EQ(trace.kernels[4].name, "[CUDA memcpy Device-to-Host]");

  Profile sum = readInput("nsys-kernsum.csv");
  EXPECT_EQ(sum.format, "nsys");
  ASSERT_EQ(sum.kernels.size(), 3u);
  EXPECT_DOUBLE_EQ(sum.kernels[1].duration, 3.31776e-3); // 3317760 ns
  EXPECT_EQ(sum.kernels[1].instances, 200u);

  std::string error = readInputError("nsys-bad-duration.csv");
  EXPECT_NE(error.find("nsys-bad-duration.csv: line 7: non-numeric duration "
                       "'13x4' in column \"Duration (ns)\""),
            std::string::npos)
      << error;
}

//===----------------------------------------------------------------------===//
// ncu
//===----------------------------------------------------------------------===//

TEST(ProfileNcuTest, DetailsGroupedAndOrderedByID) {
  Profile profile = readOk(readNcuCSV, kNcuDetails);
  EXPECT_EQ(profile.format, "ncu");
  ASSERT_EQ(profile.kernels.size(), 2u);
  // ID 2 before ID 10, though the file lists 10 first.
  const MeasuredKernel &early = profile.kernels[0];
  EXPECT_EQ(early.name, "early");
  EXPECT_EQ(early.device, "cuda");
  EXPECT_DOUBLE_EQ(early.duration, 1.2345e-6); // 1,234.5 nsecond
  EXPECT_DOUBLE_EQ(early.start, 0.0);
  ASSERT_TRUE(early.bytes.has_value());
  EXPECT_DOUBLE_EQ(*early.bytes, 2500.0); // 2 Kbyte + 500 byte
  ASSERT_TRUE(early.flops.has_value());
  EXPECT_DOUBLE_EQ(*early.flops, 2030.0); // 2 x 1,000 ffma + 30 hadd
  const MeasuredKernel &late = profile.kernels[1];
  EXPECT_EQ(late.name, "late");
  EXPECT_DOUBLE_EQ(late.duration, 1.5e-3); // 1.5 msecond
  // Serialized by ncu: starts where ID 2 ended.
  EXPECT_DOUBLE_EQ(late.start, 1.2345e-6);
  // Read without write: no traffic rather than half of it.
  EXPECT_FALSE(late.bytes.has_value());
  EXPECT_FALSE(late.flops.has_value());
  EXPECT_EQ(profile.skipped,
            (std::vector<std::string>{
                "1 kernel without a duration (collect gpu__time_duration.sum "
                "or the SpeedOfLight section)"}));
}

TEST(ProfileNcuTest, RawPageWithUnitsRow) {
  Profile profile = readOk(readNcuCSV, kNcuRaw);
  ASSERT_EQ(profile.kernels.size(), 2u);
  const MeasuredKernel &k0 = profile.kernels[0];
  EXPECT_EQ(k0.name, "k0");
  EXPECT_DOUBLE_EQ(k0.duration, 1e-5); // 10 usecond
  ASSERT_TRUE(k0.bytes.has_value());
  EXPECT_DOUBLE_EQ(*k0.bytes, 1.5e6); // 1.5 Mbyte
  ASSERT_TRUE(k0.flops.has_value());
  EXPECT_DOUBLE_EQ(*k0.flops, 223.0); // 2 x 100 dfma + 20 fadd + 3 fmul
  const MeasuredKernel &k1 = profile.kernels[1];
  EXPECT_DOUBLE_EQ(k1.duration, 2.5e-6);
  EXPECT_DOUBLE_EQ(k1.start, 1e-5);
  EXPECT_FALSE(k1.bytes.has_value());
  EXPECT_FALSE(k1.flops.has_value());
}

TEST(ProfileNcuTest, Recognition) {
  EXPECT_TRUE(isNcuCSV("x", kNcuDetails));
  EXPECT_TRUE(isNcuCSV("x", kNcuRaw));
  EXPECT_TRUE(
      isNcuCSV("x", "==PROF== \"k\" - 0\r\n\"ID\",\"Kernel Name\"\r\n"));
  EXPECT_FALSE(isNcuCSV("x", kTrace));
  EXPECT_FALSE(isNcuCSV("x", kKernSum));
  EXPECT_FALSE(isNcuCSV("x", "{\"traceEvents\": []}"));
}

TEST(ProfileNcuTest, Errors) {
  constexpr llvm::StringLiteral header =
      "\"ID\",\"Kernel Name\",\"Section Name\",\"Metric Name\",\"Metric "
      "Unit\",\"Metric Value\"\n";
  EXPECT_EQ(readError(readNcuCSV,
                      (header + "\"0\",\"k\",\"s\",\"Duration\",\"usecond\","
                                "\"1\"\n\"1\",\"k\",\"s\",\"Duration\","
                                "\"usecond\",\"fast\"\n")
                          .str()),
            "f.csv: line 3: non-numeric value 'fast' of metric Duration");
  EXPECT_EQ(readError(readNcuCSV, (header + "\"0\",\"k\",\"s\",\"Duration\","
                                            "\"parsec\",\"1\"\n")
                                      .str()),
            "f.csv: line 2: unknown unit 'parsec' of metric Duration");
  EXPECT_EQ(readError(readNcuCSV,
                      (header + "\"0\",\"k\",\"s\",\"Duration\",\"usecond\","
                                "\"1\"\n\"1\",\"k\",\"s\",\"Duration\"\n")
                          .str()),
            "f.csv: line 3: 4 fields where the header (line 1) has 6 (a "
            "truncated file?)");
  EXPECT_EQ(readError(readNcuCSV, (header + "\"x\",\"k\",\"s\",\"Duration\","
                                            "\"usecond\",\"1\"\n")
                                      .str()),
            "f.csv: line 2: non-numeric kernel ID 'x'");
  EXPECT_EQ(
      readError(readNcuCSV, "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric "
                            "Unit\"\n"),
      "f.csv: line 1: missing column \"Metric Value\" (ncu's details layout "
      "names \"Metric Name\", \"Metric Unit\", \"Metric Value\")");
  EXPECT_EQ(readError(readNcuCSV, "\"ID\",\"Kernel Name\",\"gpu__time_"
                                  "duration.sum\"\n\"\",\"\",\"nsecond\"\n"
                                  "\"0\",\"a\",\"1\"\n\"0\",\"b\",\"2\"\n"),
            "f.csv: line 4: kernel ID 0 repeated (first at line 3)");
  EXPECT_EQ(readError(readNcuCSV, "hello,world\n").substr(0, 21),
            "f.csv: no ncu table: ");
}

TEST(ProfileNcuTest, Fixtures) {
  Profile details = readInput("ncu-details.csv");
  EXPECT_EQ(details.format, "ncu");
  ASSERT_EQ(details.kernels.size(), 3u); // reduce_kernel: Duration n/a
  EXPECT_EQ(details.kernels[0].name, "fill_kernel");
  EXPECT_DOUBLE_EQ(details.kernels[0].duration, 5.86e-6); // 5.86 usecond
  // 1.02 Kbyte + 4.19 Mbyte = 1,020 + 4,190,000 bytes.
  EXPECT_DOUBLE_EQ(details.kernels[0].bytes.value_or(0), 4191020.0);
  EXPECT_EQ(details.kernels[1].name, "gemm_kernel");
  EXPECT_DOUBLE_EQ(details.kernels[1].start, 5.86e-6);
  // 12.65 + 4.19 Mbyte.
  EXPECT_DOUBLE_EQ(details.kernels[1].bytes.value_or(0), 16.84e6);
  EXPECT_DOUBLE_EQ(details.kernels[2].duration, 1.0245e-3); // 1,024.50 us
  EXPECT_FALSE(details.kernels[2].bytes.has_value());
  EXPECT_EQ(details.skipped.size(), 1u);

  Profile raw = readInput("ncu-raw.csv");
  ASSERT_EQ(raw.kernels.size(), 3u);
  // A 1024^3 GEMM: 1,073,741,824 FFMA = 2,147,483,648 FLOPs.
  EXPECT_DOUBLE_EQ(raw.kernels[0].flops.value_or(0), 2147483648.0);
  EXPECT_DOUBLE_EQ(raw.kernels[0].bytes.value_or(0), 16.84e6);
  EXPECT_DOUBLE_EQ(raw.kernels[0].duration, 1.1238e-4); // 112.38 usecond
  EXPECT_DOUBLE_EQ(raw.kernels[1].flops.value_or(0), 1048576.0); // HADD
  // 1,024 DADD + 2 x 512 DFMA + 2,048 DMUL.
  EXPECT_DOUBLE_EQ(raw.kernels[2].flops.value_or(0), 4096.0);
  EXPECT_DOUBLE_EQ(raw.kernels[2].bytes.value_or(0), 50000.0); // 0.05 Mbyte

  std::string error = readInputError("ncu-truncated.csv");
  EXPECT_NE(error.find("ncu-truncated.csv: line 10: unterminated quote"),
            std::string::npos)
      << error;
}

//===----------------------------------------------------------------------===//
// Malformed input
//===----------------------------------------------------------------------===//

TEST(ProfileCSVReadersTest, EveryPrefixReadsOrFailsCleanly) {
  // A file cut anywhere (a crash, a full disk) is read or refused with an
  // error by both readers, never a crash; under ASan, never a bad access.
  for (llvm::StringRef name : {"nsys-gputrace.csv", "nsys-kernsum.csv",
                               "ncu-details.csv", "ncu-raw.csv"}) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFile(input(name));
    ASSERT_TRUE(static_cast<bool>(file)) << input(name);
    llvm::StringRef text = (*file)->getBuffer();
    unsigned read = 0;
    for (size_t size = 0; size <= text.size(); ++size) {
      for (auto *reader : {readNsysCSV, readNcuCSV}) {
        llvm::Expected<Profile> profile = reader(name, text.take_front(size));
        if (profile)
          ++read;
        else
          llvm::consumeError(profile.takeError());
      }
    }
    // The whole file at least is read.
    EXPECT_GE(read, 1u) << name.str();
  }
}

} // namespace
