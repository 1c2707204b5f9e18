"""Prints each point of sweep= JSON reports (one or more, concatenated) as
`BATCH compute=C memory=M overhead=O`: the shares of the time each bound
limits (share_by_bound), which the symbolic crossovers predict."""
import json
import sys

text = sys.stdin.read()
decoder = json.JSONDecoder()
position = 0
while True:
    while position < len(text) and text[position].isspace():
        position += 1
    if position >= len(text):
        break
    report, position = decoder.raw_decode(text, position)
    for device in report["devices"]:
        print("sweep on %s" % device["hardware"])
        for point in device["points"]:
            share = point["share_by_bound"]
            print("%d compute=%.3f memory=%.3f overhead=%.3f" %
                  (point["batch"], share["compute"], share["memory"],
                   share["overhead"]))
