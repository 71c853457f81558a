#!/usr/bin/env python3
"""Writes the tiny sprite images of the window tests (tests/data/window/sprites/).

They are drawn here, pixel by pixel, so that the tests depend on no image set: walltile_0..15
(autotiling: one colour per neighbourhood, a dark dot on each side that has a neighbour),
crate (transparent corners: alpha blending), hero (an asymmetric figure: rotation and
orientation show), gem. Run it from anywhere; it rewrites the files in place.
"""
import os
import struct
import zlib

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sprites")


def write_png(path, width, height, pixel):
    rows = b""
    for y in range(height):
        rows += b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
                chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def walltile(mask):
    base = (60 + 12 * mask, 90, 160 - 6 * mask, 255)
    dark = (20, 20, 20, 255)

    def pixel(x, y):
        if mask & 1 and x == 0 and 3 <= y <= 4:
            return dark
        if mask & 2 and x == 7 and 3 <= y <= 4:
            return dark
        if mask & 4 and y == 0 and 3 <= x <= 4:
            return dark
        if mask & 8 and y == 7 and 3 <= x <= 4:
            return dark
        return base
    return pixel


def crate(x, y):
    if (x in (0, 9)) and (y in (0, 9)):
        return (0, 0, 0, 0)
    if x in (0, 9) or y in (0, 9) or x == y:
        return (90, 50, 20, 255)
    return (180, 120, 60, 255)


def hero(x, y):
    if x >= 6 and 3 <= y <= 6:  # a nose pointing right
        return (255, 60, 60, 255)
    if 1 <= x <= 6 and 1 <= y <= 8:
        return (240, 240, 240, 255)
    return (0, 0, 0, 0)


def gem(x, y):
    inside = abs(x - 4.5) + abs(y - 4.5) <= 4.5
    return (250, 212, 0, 255) if inside else (0, 0, 0, 0)


def main():
    os.makedirs(HERE, exist_ok=True)
    for mask in range(16):
        write_png(os.path.join(HERE, "walltile_%d.png" % mask), 8, 8, walltile(mask))
    write_png(os.path.join(HERE, "crate.png"), 10, 10, crate)
    write_png(os.path.join(HERE, "hero.png"), 10, 10, hero)
    write_png(os.path.join(HERE, "gem.png"), 10, 10, gem)


if __name__ == "__main__":
    main()
