"""The browser's JPEG round trip for `npm run bench:native`, where no browser runs: libjpeg-turbo (the
library Chromium encodes and decodes JPEG with) through Pillow, at the benchmark's quality, on the raw
synthetic images bench/native.ts writes. Encode to a file in memory, then decode it, as the browser
benchmark does with convertToBlob and createImageBitmap. Prints JSON."""
import io
import json
import statistics
import sys
import time

from PIL import Image, features

QUALITY = 70


def main(folder):
    rows = []
    for width, height in ((1080, 720), (4000, 3000)):
        with open(f"{folder}/synthetic-{width}x{height}.rgba", "rb") as f:
            image = Image.frombytes("RGBA", (width, height), f.read()).convert("RGB")

        def once():
            buffer = io.BytesIO()
            image.save(buffer, "JPEG", quality=QUALITY, subsampling="4:2:0")
            buffer.seek(0)
            decoded = Image.open(buffer)
            decoded.load()

        for _ in range(3):
            once()
        samples = []
        for _ in range(10):
            start = time.perf_counter()
            once()
            samples.append((time.perf_counter() - start) * 1000)
        rows.append({"width": width, "height": height, "medianMs": statistics.median(samples), "samplesMs": samples})
    turbo = features.check_feature("libjpeg_turbo")
    print(json.dumps({"library": f"Pillow {Image.__version__}, libjpeg-turbo {turbo}", "rows": rows}))


main(sys.argv[1])
