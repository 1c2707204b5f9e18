#!/usr/bin/env python3
"""Checks the floors of the source tree (docs/architecture.md): a file in one
floor includes only headers of its own floor or of the floors below it, and
the views (Reporting) and the passes (Transforms) read the priced program
without pricing anything themselves: they include none of the pricing
layer's machinery and call none of its free pricing functions (they read the
priced data's fields and accessor methods, which the pricing layer defines).
The passes call the layer's entry points (priceModule, priceServing,
compareDevices, priceScalingPoint, priceProgram); the views call none.

Usage: check_layers.py SOURCE_ROOT. Prints every violation; exits 1 on any."""
import os
import re
import sys

FLOORS = {
    "Support": 0, "Hardware": 0, "Dialect": 0, "Profile": 0,
    "Interfaces": 1,
    "Analysis": 2,
    "Pricing": 3,
    "Reporting": 4,
    "Transforms": 5,
}
# The pricing layer's machinery: what makes prices, not what holds them.
MACHINERY_HEADERS = {"Pricing/Roofline.h", "Pricing/FusionPlanner.h",
                     "Pricing/Collectives.h", "Pricing/SymbolicFindings.h",
                     "Pricing/Tiling.h"}
PRICING_CALLS = re.compile(
    r"(?<![.>\w])(estimateRoofline|priceKernel|priceFusedGroup|planFusion|"
    r"priceTraffic|priceCollective|choosePeak|settleRoofline|"
    r"getRooflineLatency|getScaledLatency|getMemoryTime|getLaunchTime|"
    r"getStridedReadTime|getShare|getSpeedup|"
    r"solveSymbolic|diagnose|compareDevices|priceModule|priceServing|"
    r"priceScalingPoint|priceProgram|planContraction|getTransferTime|"
    r"getContractionTrafficBound|overlayProfile|diffProfiles|"
    r"fitEfficiencies|priceTraining)\s*\(")
ENTRY_POINTS = {"priceModule", "priceServing", "compareDevices",
                "priceScalingPoint", "priceProgram", "overlayProfile",
                "diffProfiles"}
INCLUDE = re.compile(r'#include\s+"mlsysim/([A-Za-z]+)/([^"]+)"')


def floor_of(path):
    parts = path.replace(os.sep, "/").split("/")
    for part in parts:
        if part in FLOORS:
            return part
    return None


def main(root):
    errors = []
    for top in ("lib", os.path.join("include", "mlsysim")):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if not name.endswith((".h", ".cpp", ".td")):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                floor = floor_of(os.path.relpath(path, os.path.join(root, top)))
                if floor is None:
                    continue
                text = open(path, encoding="utf-8").read()
                for number, line in enumerate(text.splitlines(), 1):
                    m = INCLUDE.search(line)
                    if m:
                        target = m.group(1)
                        if target in FLOORS and FLOORS[target] > FLOORS[floor]:
                            errors.append(f"{rel}:{number}: {floor} includes "
                                          f"{target}/{m.group(2)}, a floor above it")
                        if (floor in ("Reporting", "Transforms") and
                                f"{target}/{m.group(2)}" in MACHINERY_HEADERS):
                            errors.append(f"{rel}:{number}: {floor} includes the "
                                          f"pricing machinery {target}/{m.group(2)}")
                    if floor in ("Reporting", "Transforms"):
                        code = line.split("//")[0]
                        for call in PRICING_CALLS.finditer(code):
                            if (floor == "Transforms" and
                                    call.group(1) in ENTRY_POINTS):
                                continue
                            errors.append(f"{rel}:{number}: {floor} prices: "
                                          f"calls {call.group(1)}")
    for error in errors:
        print(error)
    print(f"check_layers: {len(errors)} violations")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
