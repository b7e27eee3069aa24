#ifndef BALLTRACE_CFFMPEG_SHIM_H
#define BALLTRACE_CFFMPEG_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

/* FFmpeg's error codes are macros built from other macros; Swift imports none of them. */
static inline int bt_averror(int posix_errno) { return AVERROR(posix_errno); }
static inline int bt_averror_eof(void) { return AVERROR_EOF; }
static inline int bt_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int bt_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int bt_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int64_t bt_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline AVRational bt_av_time_base_q(void) { return AV_TIME_BASE_Q; }

/* av_err2str is a macro around a compound literal; this fills a caller's buffer instead. */
static inline void bt_av_error_string(int code, char *buffer, size_t size) {
    av_strerror(code, buffer, size);
}

#endif
