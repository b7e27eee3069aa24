// Turns any C++ exception into BT_ERROR and a one-line message, so none crosses the C ABI.
#pragma once
#include <cstdio>
#include <cstring>
#include <exception>
#include <opencv2/core.hpp>
#include "balltrace_vision.h"

namespace balltrace {

inline void write_message(char *message, size_t size, const char *text) {
    if (message == nullptr || size == 0) return;
    std::snprintf(message, size, "%s", text);
    // One line: a message is printed after "error: " by the CLI.
    for (char *p = message; *p; ++p) if (*p == '\n' || *p == '\r') *p = ' ';
}

template <typename Body>
int guarded(char *message, size_t size, Body &&body) {
    try {
        body();
        return BT_OK;
    } catch (const cv::Exception &e) {
        std::string text = "OpenCV: " + e.err + " in " + e.func;
        write_message(message, size, text.c_str());
    } catch (const std::exception &e) {
        write_message(message, size, e.what());
    } catch (...) {
        write_message(message, size, "unknown C++ exception");
    }
    return BT_ERROR;
}

}  // namespace balltrace
