#ifndef BALLTRACE_CFFMPEG_SHIM_H
#define BALLTRACE_CFFMPEG_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/time.h>
#include <libswscale/swscale.h>
#include <stdarg.h>
#include <stdio.h>

/* FFmpeg's error codes are macros built from other macros; Swift imports none of them. */
static inline int bt_averror(int posix_errno) { return AVERROR(posix_errno); }
static inline int bt_averror_eof(void) { return AVERROR_EOF; }
static inline int bt_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int bt_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int bt_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int64_t bt_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline AVRational bt_av_time_base_q(void) { return AV_TIME_BASE_Q; }

/* What stops blocking I/O (a network read waiting for data): a flag set by the user's
   interruption, and a deadline after which a source that has sent nothing is given up as
   stalled. FFmpeg's interrupt callback reads both (it polls while it waits); all three fields
   are read and written atomically, from any thread. */
typedef struct {
    int flag;
    int stalled;
    int64_t deadline; /* av_gettime_relative() microseconds; 0: none */
} bt_interrupt;

static inline int bt_interrupt_check(void *opaque) {
    bt_interrupt *interrupt = (bt_interrupt *)opaque;
    if (__atomic_load_n(&interrupt->flag, __ATOMIC_ACQUIRE)) return 1;
    int64_t deadline = __atomic_load_n(&interrupt->deadline, __ATOMIC_ACQUIRE);
    if (deadline > 0 && av_gettime_relative() > deadline) {
        __atomic_store_n(&interrupt->stalled, 1, __ATOMIC_RELEASE);
        return 1;
    }
    return 0;
}
static inline void bt_interrupt_set(bt_interrupt *interrupt) { __atomic_store_n(&interrupt->flag, 1, __ATOMIC_RELEASE); }
static inline int bt_interrupt_is_set(bt_interrupt *interrupt) { return __atomic_load_n(&interrupt->flag, __ATOMIC_ACQUIRE); }
static inline int bt_interrupt_stalled(bt_interrupt *interrupt) { return __atomic_load_n(&interrupt->stalled, __ATOMIC_ACQUIRE); }
/* A source given up as stalled is asked again (a reconnection): the stall is forgotten. */
static inline void bt_interrupt_clear_stall(bt_interrupt *interrupt) { __atomic_store_n(&interrupt->stalled, 0, __ATOMIC_RELEASE); }
/* The source must send something within `microseconds` from now (0: no deadline). */
static inline void bt_interrupt_expect_within(bt_interrupt *interrupt, int64_t microseconds) {
    __atomic_store_n(&interrupt->deadline, microseconds > 0 ? av_gettime_relative() + microseconds : 0, __ATOMIC_RELEASE);
}
static inline void bt_format_set_interrupt(AVFormatContext *context, bt_interrupt *interrupt) {
    context->interrupt_callback.callback = bt_interrupt_check;
    context->interrupt_callback.opaque = interrupt;
}

/* av_err2str is a macro around a compound literal; this fills a caller's buffer instead. */
static inline void bt_av_error_string(int code, char *buffer, size_t size) {
    av_strerror(code, buffer, size);
}

/* FFmpeg's log callback takes a va_list, which a Swift closure cannot: this one formats each
 * error-level message and hands the text to a Swift function. Used by one module only
 * (BallTrace), so the slot below exists once. */
typedef void (*bt_log_sink)(int level, const char *text);
static inline bt_log_sink *bt_log_sink_slot(void) {
    static bt_log_sink slot;
    return &slot;
}

static void bt_log_forward(void *context, int level, const char *format, va_list arguments) {
    (void)context;
    bt_log_sink sink = *bt_log_sink_slot();
    if (level > AV_LOG_ERROR || !sink) return;
    char text[512];
    vsnprintf(text, sizeof text, format, arguments);
    sink(level, text);
}

/* Replaces FFmpeg's printing to stderr with `sink`, which sees errors only. */
static inline void bt_av_log_set_sink(bt_log_sink sink) {
    *bt_log_sink_slot() = sink;
    av_log_set_level(AV_LOG_ERROR);
    av_log_set_callback(bt_log_forward);
}

#endif
