// A coverage-guided fuzzer (libFuzzer) for the C-ABI detector: any configuration, any frame
// size, any pictures, fed through bt_detector_create and bt_detector_process as the library
// feeds them. What must hold whatever the input: no crash, no memory error (AddressSanitizer),
// no undefined behaviour (UBSan), a refused configuration says why, and every blob reported is
// finite, inside the frame and within the capacity given. Built and run by
// scripts/fuzz-detector.sh; seeds in Tests/Fuzz/detector-corpus.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include "FuzzBytes.hpp"
#include "balltrace_vision.h"

namespace {

using Bytes = FuzzBytes;

void fail(const char *what) {
    std::fprintf(stderr, "detector fuzzer: %s\n", what);
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Bytes in{data, size};
    bt_detector_config config{};
    // Mostly sizes and settings the library uses, sometimes ones it never passes (refused).
    const bool odd = in.next() < 16;
    config.frame_width = odd ? in.in(-2, 3) : in.in(8, 96);
    config.frame_height = odd ? in.in(-2, 3) : in.in(8, 72);
    config.reduction = in.in(odd ? 0 : 1, 3);
    config.threshold_minimum = in.in(odd ? 0 : 1, 12);
    config.threshold_maximum = config.threshold_minimum + in.in(odd ? -3 : 0, 60);
    config.threshold_initial = in.in(odd ? 0 : 1, 40);
    config.still_frames = in.in(odd ? 0 : 1, 30);
    config.min_area = in.in(0, 4);
    config.max_extent = in.in(1, 64);
    config.compensate_motion = in.next() & 1;
    config.kept_frames = in.in(odd ? 0 : 1, 8);
    config.history_frames = config.kept_frames + in.in(odd ? -2 : 0, 24);

    char message[256] = {0};
    bt_detector *detector = nullptr;
    if (bt_detector_create(&config, &detector, message, sizeof message) != BT_OK) {
        if (message[0] == 0) fail("a refused configuration without a message");
        if (detector != nullptr) fail("a refused configuration with a detector");
        return 0;
    }
    if (detector == nullptr) fail("no detector and no error");
    const int width = config.frame_width, height = config.frame_height;
    const ptrdiff_t stride = width + in.in(0, 16);
    std::vector<uint8_t> picture(size_t(stride) * height, 0);
    std::vector<bt_blob> blobs(64);
    // Frames: each starts from the last and takes a few strokes from the input (a moving
    // square, noise, a shift), so that the model, the repeat test and the camera all work.
    for (int frame = 0; frame < 24 && in.left() > 0; ++frame) {
        const int op = in.next() % 4;
        if (op == 0) {
            const int x = in.in(0, width - 1), y = in.in(0, height - 1), side = in.in(1, 12), luma = in.next();
            for (int r = y; r < std::min(height, y + side); ++r)
                for (int c = x; c < std::min(width, x + side); ++c) picture[size_t(r) * stride + c] = uint8_t(luma);
        } else if (op == 1) {
            for (int k = 0, n = in.in(0, 32); k < n; ++k)
                picture[size_t(in.in(0, height - 1)) * stride + in.in(0, width - 1)] = in.next();
        } else if (op == 2) {
            const int dx = in.in(-3, 3);
            for (int r = 0; r < height; ++r) {
                uint8_t *row = picture.data() + size_t(r) * stride;
                if (dx > 0) std::memmove(row + dx, row, size_t(width - std::min(width, dx)));
                if (dx < 0) std::memmove(row, row - dx, size_t(width - std::min(width, -dx)));
            }
        }  // op 3: the same picture again (a repeat)
        const int capacity = in.in(0, 64);
        int count = -1, found = -1;
        bt_frame_report report{};
        if (bt_detector_process(detector, picture.data(), stride, blobs.data(), capacity, &count, &found, &report,
                                message, sizeof message) != BT_OK) {
            if (message[0] == 0) fail("a failed frame without a message");
            break;
        }
        if (count < 0 || count > capacity || found < count) fail("blob counts out of range");
        for (int i = 0; i < count; ++i) {
            const bt_blob &b = blobs[i];
            const double values[] = {b.x, b.y, b.radius, b.area, b.elongation, b.length, b.orientation, b.contrast};
            for (double v : values) if (!std::isfinite(v)) fail("a blob with a value that is not finite");
            if (b.x < -1 || b.y < -1 || b.x > width + 1 || b.y > height + 1) fail("a blob outside the frame");
            if (b.radius < 0 || b.area <= 0) fail("a blob with no size");
        }
        if (!std::isfinite(report.a) || !std::isfinite(report.tx) || !std::isfinite(report.change)) fail("a report that is not finite");
        // A search for a faint spot anywhere, in this frame or one long gone, at any size.
        if (!report.repeated) {
            bt_faint_spot spot{};
            const long serial = report.serial - in.in(0, 10);
            const double x = in.in(-20, width + 20) + 0.25 * in.in(0, 3), y = in.in(-20, height + 20);
            if (bt_detector_find_faint_spot(detector, serial, x, y, 0.5 * in.in(0, 12), 0.5 * in.in(0, 12), &spot) == 1) {
                const double values[] = {spot.x, spot.y, spot.radius, spot.contrast, spot.significance};
                for (double v : values) if (!std::isfinite(v)) fail("a faint spot with a value that is not finite");
                if (spot.x < -1 || spot.y < -1 || spot.x > width + 1 || spot.y > height + 1) fail("a faint spot outside the frame");
            }
        }
    }
    bt_detector_destroy(detector);
    return 0;
}
