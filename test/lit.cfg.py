# -*- Python -*-
# lit configuration of the mlsysim regression tests.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "MLSYSIM"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Unit", "lib"]
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.mlsysim_obj_root, "test")

llvm_config.use_default_substitutions()
config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%mlsysim_lib", config.mlsysim_lib_dir))
config.substitutions.append(("%mlsysim_src", config.mlsysim_src_root))
config.substitutions.append(("%python", config.python_executable))
# Prints JSON report records field by field, so tests check fields by name.
config.substitutions.append(
    ("%fields", config.python_executable + " " +
     os.path.join(config.mlsysim_src_root, "test", "lib", "fields.py")))
# Evaluates every symbolic formula of a program's report at bindings of its
# sizes and compares it with the report of the program with the sizes bound.
config.substitutions.append(
    ("%check-symbolic", config.python_executable + " " +
     os.path.join(config.mlsysim_src_root, "test", "lib", "check_symbolic.py")))
# Runs two programs on the same inputs with upstream MLIR (mlir-runner) and
# compares their results: mlsysim-fuse must not change what a program computes.
config.substitutions.append(
    ("%same-results", config.python_executable + " " +
     os.path.join(config.mlsysim_src_root, "test", "lib", "fuse_equivalence.py")))

# A real browser for the HTML report (Debian's chromium, from scripts/setup.sh).
import shutil
if shutil.which("chromium"):
    config.available_features.add("chromium")

# The zoo's export environment (torch, torch-mlir: `zoo/models/export.sh`
# creates it, several GB, so the tests do not): the PyTorch front door.
export_venv = os.environ.get("MLSYSIM_EXPORT_VENV",
                             os.path.join(config.mlsysim_src_root, ".venv-export"))
# The export environment is there when its stamp matches requirements.txt
# (scripts/test.sh installs it first; a stale one would reinstall mid-test).
import hashlib
stamp = os.path.join(export_venv, ".mlsysim-requirements.sha256")
requirements = os.path.join(config.mlsysim_src_root, "zoo", "models",
                            "requirements.txt")
if os.path.exists(stamp):
    with open(requirements, "rb") as f:
        want = hashlib.sha256(f.read()).hexdigest()
    with open(stamp) as f:
        if f.read().strip() == want:
            config.available_features.add("torch-export")
# The from-torch front door reports with the mlsysim-opt under test.
config.environment["MLSYSIM_OPT"] = os.path.join(config.mlsysim_tools_dir,
                                                 "mlsysim-opt")

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.mlsysim_tools_dir, append_path=True)

# A sanitizer build (scripts/sanitize.sh): any report aborts, so that it
# fails the test even under `not` (which accepts an error exit, not a
# crash); stock mlir-opt, which loads the instrumented plugin, gets the
# runtimes preloaded.
mlir_opt = ToolSubst("mlir-opt", unresolved="fatal")
if config.mlsysim_sanitize:
    config.available_features.add("sanitize")
    # allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons slabs in an
    # instrumented TU whose copy also serves libMLIR's (uninstrumented)
    # allocations, a false positive (tools/mlsysim-ir-fuzzer says more).
    config.environment["ASAN_OPTIONS"] = (
        "detect_leaks=1:abort_on_error=1:allow_user_poisoning=0")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:abort_on_error=1"
    config.environment["LSAN_OPTIONS"] = ("suppressions=" + os.path.join(
        config.mlsysim_src_root, "test", "lsan.supp"))
    mlir_opt = ToolSubst(
        "mlir-opt",
        command="env LD_PRELOAD=%s ASAN_OPTIONS=detect_leaks=0 %s" % (
            config.mlsysim_sanitizer_runtimes,
            os.path.join(config.mlir_tools_dir, "mlir-opt")))

tool_dirs = [config.mlsysim_tools_dir, config.mlir_tools_dir, config.llvm_tools_dir]
tools = [
    "mlsysim-opt",
    mlir_opt,
    "FileCheck",
    "not",
    "split-file",
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
