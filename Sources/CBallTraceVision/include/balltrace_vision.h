#ifndef BALLTRACE_VISION_H
#define BALLTRACE_VISION_H
/* C ABI around the OpenCV work balltrace does. Filled in by the detection stage. */
#ifdef __cplusplus
extern "C" {
#endif
int bt_vision_version(void);
#ifdef __cplusplus
}
#endif
#endif
