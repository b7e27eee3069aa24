#include "balltrace_vision.h"
#include <opencv2/core.hpp>

extern "C" int bt_vision_version(void) {
    return CV_VERSION_MAJOR * 10000 + CV_VERSION_MINOR * 100 + CV_VERSION_REVISION;
}
