# -*- Python -*-
# lit configuration of the GoogleTest unit tests: each test case is a lit test.

import os

import lit.formats

config.name = "MLSYSIM-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.mlsysim_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(config.llvm_build_mode, "Tests")
