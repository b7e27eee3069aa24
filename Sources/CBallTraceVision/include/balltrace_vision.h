#ifndef BALLTRACE_VISION_H
#define BALLTRACE_VISION_H
/*
 * The C ABI around the OpenCV work balltrace does. Swift sees only this header: opaque handles,
 * plain structs and status codes. Every function that can fail returns BT_OK or BT_ERROR and
 * writes a one-line message into the caller's buffer; no C++ exception crosses this boundary.
 *
 * Image buffers are always the caller's: they are wrapped (never copied) for the duration of
 * one call and never retained.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { BT_OK = 0, BT_ERROR = 1 };

int bt_vision_version(void);

/* ---- Detection: background subtraction, then connected components ---------------------- */

typedef struct bt_detector bt_detector;

typedef struct {
    int frame_width;        /* stored frame, pixels */
    int frame_height;
    int reduction;          /* the frame is reduced by this whole factor each way before subtraction */
    int threshold_minimum;  /* foreground: |pixel − background| above the pixel's threshold, which */
    int threshold_maximum;  /*   follows six times its median difference within these bounds, */
    int threshold_initial;  /*   8-bit levels, starting here */
    int still_frames;       /* a pixel unchanged for this many analysed frames is not foreground (1…255) */
    double min_area;        /* smallest blob kept, in analysis pixels */
    double max_extent;      /* largest blob bounding-box side kept, in analysis pixels */
    int compensate_motion;  /* nonzero: estimate the camera's motion and move the background with it */
    int kept_frames;        /* the last frames bt_detector_find_faint_spot can search (1…64): a plane each */
    int history_frames;     /* the last frames bt_detector_find_left_out_blob can search (kept_frames…4096): the
                               tracker looks back that far, while detection runs up to kept_frames ahead of it */
    int narrow_vectors;     /* 1: 16-byte vectors only, even where the processor has AVX2 (to test that both agree) */
} bt_detector_config;

/* What one call learned about the frame as a whole. */
typedef struct {
    int repeated;           /* the picture repeats the last one (frame-rate conversion): nothing was done */
    double change;          /* mean absolute luma difference from the last picture, 8-bit levels (0 for the first) */
    double strong_change;   /* share of pixels that changed by more than 24 levels from the last picture */
    int motion_known;       /* the camera's motion since the last frame could be measured */
    double inlier_share;    /* share of followed corners that agree with it */
    int moved;              /* the camera has moved since the first frame, as below */
    /* Where a point of this frame lies in the first frame's picture (the scene), in stored
       pixels with pixel centres at half-integers: x' = a·x − b·y + tx, y' = b·x + a·y + ty.
       Only motion the pictures bear out counts, so a camera on a tripod stays at identity.
       Blobs are in this frame's own pixels. */
    double a, b, tx, ty;
    long serial;            /* this frame among those analysed (not repeats), from 0: names it to
                               bt_detector_find_faint_spot */
    double camera_seconds;  /* the calling thread's CPU time this call spent following the camera:
                               measuring its motion, moving the model and the picture (0 when it
                               is not followed) */
} bt_frame_report;

/* One foreground blob, in pixels of the stored frame, pixel centres at half-integers. */
typedef struct {
    double x, y;
    double radius;          /* half the minor axis of the equivalent ellipse */
    double area;            /* foreground pixels, in stored-frame pixels */
    double elongation;      /* major / minor axis */
    double length;          /* major axis */
    double orientation;     /* major-axis angle, radians, image axes (y down) */
    double contrast;        /* mean absolute luma difference from the background model */
} bt_blob;

int bt_detector_create(const bt_detector_config *config, bt_detector **out, char *message, size_t message_size);
void bt_detector_destroy(bt_detector *detector);
/* The size of the picture the background model works on. */
void bt_detector_analysis_size(const bt_detector *detector, int *width, int *height);
/* Feeds one 8-bit luma plane of the stored size; writes up to `capacity` blobs, largest
   contrast first, and the number written. `*found` is the number there were before the cap.
   `report` says whether the frame repeated the last one and how the camera moved. */
int bt_detector_process(bt_detector *detector, const uint8_t *luma, ptrdiff_t stride,
                        bt_blob *blobs, int capacity, int *count, int *found, bt_frame_report *report,
                        char *message, size_t message_size);

/* The largest ball looked for as a faint spot, radius in analysis pixels; a larger one is looked
   for as a disc inside foreground it merged with (the tracker asks for that search by it too). */
#define BT_LARGEST_FAINT_RADIUS 3.0

/* A ball too faint or too small to be a blob, looked for where a flight predicts it. */
typedef struct {
    double x, y;            /* centre, stored-frame pixels, pixel centres at half-integers */
    double radius;          /* from the area of the spot */
    double contrast;        /* its peak |pixel − background|, 8-bit levels */
    double significance;    /* that peak above the surroundings' median, in their noise's standard deviations */
} bt_faint_spot;

/* Looks, in the frame `serial` (one of the last `kept_frames` analysed), for a compact spot standing
   out of the noise of its surroundings within `reach` stored pixels of (x, y), no larger than a
   ball of `radius` would be. A ball too large to fade (over 3 analysis pixels in radius) is looked
   for instead as a disc of its size inside foreground it merged with, its ring mostly clear
   (`significance` 0). Returns 1 and fills `spot` when there is one, else 0. Reads only what that
   frame left: may be called from another thread while later frames are processed. */
int bt_detector_find_faint_spot(const bt_detector *detector, long serial, double x, double y, double reach,
                                double radius, bt_faint_spot *spot);

/* Looks, in the frame `serial` (one of the last `kept_frames` analysed), for a disc of a ball of
   `radius` stored pixels within `reach` of (x, y), its differences from the background at least
   `level` (1…255) over nearly all of it and its ring mostly under it: a ball merged with
   something it passes, whose own contrast sets the level (a dull ball against a wall of nearly
   its brightness differs less than the strongest foreground). Fills `spot` as
   bt_detector_find_faint_spot does for a disc and returns 1, else 0. */
int bt_detector_find_disc(const bt_detector *detector, long serial, double x, double y, double reach, double radius,
                          int level, bt_faint_spot *spot);

/* Looks, in the frame `serial` (one of the last `kept_frames` analysed), for a blob that frame
   found but left out of the `capacity` strongest it handed over, within `reach` stored pixels of
   (x, y) and of about the size of a ball of `radius` (half to twice it, or a pixel off): the
   nearest. Returns 1 and fills `blob` (stored pixels) when there is one, else 0. Reads only what
   that frame left: may be called from another thread while later frames are processed. */
int bt_detector_find_left_out_blob(const bt_detector *detector, long serial, double x, double y, double reach,
                                   double radius, bt_blob *blob);

/* ---- Overlay: rasterized once per change, composited onto every YUV 4:2:0 frame --------- */

typedef struct bt_overlay bt_overlay;

int bt_overlay_create(int width, int height, bt_overlay **out, char *message, size_t message_size);
void bt_overlay_destroy(bt_overlay *overlay);
/* Starts a new picture: the next composite shows only what is drawn after this. */
void bt_overlay_clear(bt_overlay *overlay);
/* An anti-aliased polyline through `count` (x, y) pairs, in stored-frame pixels. */
int bt_overlay_polyline(bt_overlay *overlay, const double *xy, int count, int closed,
                        uint8_t red, uint8_t green, uint8_t blue, double thickness,
                        char *message, size_t message_size);
/* Converts what was drawn since the last clear to YUV + alpha, once. */
int bt_overlay_finish(bt_overlay *overlay, char *message, size_t message_size);
int bt_overlay_composite_yuv420(const bt_overlay *overlay,
                                uint8_t *y, ptrdiff_t y_stride,
                                uint8_t *u, ptrdiff_t u_stride,
                                uint8_t *v, ptrdiff_t v_stride,
                                char *message, size_t message_size);

/* ---- Broadcast tracer: one colour, a line with a soft glow, rasterized once per change ---- */

typedef struct bt_tracer bt_tracer;

int bt_tracer_create(int width, int height, bt_tracer **out, char *message, size_t message_size);
void bt_tracer_destroy(bt_tracer *tracer);
/* Starts a new layer: the next composite shows only the paths added after this. */
void bt_tracer_clear(bt_tracer *tracer);
/* Adds an anti-aliased open polyline through `count` (x, y) pairs in stored-frame pixels, pixel
   centres at half-integers: a line `thickness` wide of coverage `weight` (0…1), and under it a
   glow `glow_thickness` wide of coverage `glow_weight`, blurred by `bt_tracer_finish`. */
int bt_tracer_path(bt_tracer *tracer, const double *xy, int count, double thickness, double weight,
                   double glow_thickness, double glow_weight, char *message, size_t message_size);
/* Blurs the glow by a Gaussian of `glow_sigma` pixels, lays the line over it and converts the
   layer to YUV coverage in `red`, `green`, `blue`, once. */
int bt_tracer_finish(bt_tracer *tracer, double glow_sigma, uint8_t red, uint8_t green, uint8_t blue,
                     char *message, size_t message_size);
/* Blends the layer into a YUV 4:2:0 frame of its size, its coverage scaled by `opacity` (0…1). */
int bt_tracer_composite_yuv420(const bt_tracer *tracer, double opacity,
                               uint8_t *y, ptrdiff_t y_stride,
                               uint8_t *u, ptrdiff_t u_stride,
                               uint8_t *v, ptrdiff_t v_stride,
                               char *message, size_t message_size);

/* ---- Picture: one still frame drawn on, for the tracer picture a coach sends ----------- */

typedef struct bt_picture bt_picture;

/* A picture of a decoded frame: packed 8-bit RGB rows of the stored size, copied and turned
   clockwise by `clockwise_quarters` × 90° to the displayed picture. */
int bt_picture_create(const uint8_t *rgb, ptrdiff_t stride, int width, int height, int clockwise_quarters,
                      bt_picture **out, char *message, size_t message_size);
void bt_picture_destroy(bt_picture *picture);
/* The displayed picture's packed RGB rows, valid until the picture is destroyed. */
void bt_picture_pixels(const bt_picture *picture, const uint8_t **rgb, ptrdiff_t *stride, int *width, int *height);
/* An anti-aliased polyline (filled polygon when `filled`), in displayed pixels with centres at
   half-integers. */
int bt_picture_polyline(bt_picture *picture, const double *xy, int count, int closed, int filled, const uint8_t rgb[3],
                        double thickness, char *message, size_t message_size);
/* An anti-aliased circle; filled when thickness <= 0. */
int bt_picture_circle(bt_picture *picture, double x, double y, double radius, const uint8_t rgb[3], double thickness,
                      char *message, size_t message_size);
/* One line of text whose top-left corner is at (x, y), digits `height` pixels tall, outlined
   in `outline` so that it reads on any background. ASCII, and '°' (UTF-8) drawn as a ring. */
int bt_picture_text(bt_picture *picture, const char *utf8, double x, double y, double height, const uint8_t rgb[3],
                    const uint8_t outline[3], char *message, size_t message_size);
/* The box `bt_picture_text` fills for this text and height, outline included. */
void bt_picture_text_size(const char *utf8, double height, double *width, double *box_height);

/* ---- Canvas: the drawing surface the clip generator paints synthetic scenes on ---------- */

typedef struct bt_canvas bt_canvas;

int bt_canvas_create(int width, int height, bt_canvas **out, char *message, size_t message_size);
void bt_canvas_destroy(bt_canvas *canvas);
/* Vertical gradient from `top` to `bottom` colour (r, g, b) between rows y0 and y1. */
void bt_canvas_fill_gradient(bt_canvas *canvas, int y0, int y1, const uint8_t top[3], const uint8_t bottom[3]);
/* Anti-aliased filled circle, centre in pixels with centres at half-integers. */
void bt_canvas_circle(bt_canvas *canvas, double x, double y, double radius, const uint8_t rgb[3], double opacity);
/* Anti-aliased thick line segment with round caps (a motion-blurred ball is one). */
void bt_canvas_line(bt_canvas *canvas, double x0, double y0, double x1, double y1, double thickness,
                    const uint8_t rgb[3], double opacity);
void bt_canvas_rect(bt_canvas *canvas, double x, double y, double width, double height, const uint8_t rgb[3]);
/* Anti-aliased filled polygon through `count` (x, y) pairs, pixels with centres at half-integers. */
void bt_canvas_polygon(bt_canvas *canvas, const double *xy, int count, const uint8_t rgb[3], double opacity);
/* Anti-aliased ellipse arc from `start` to `end` degrees (0 along the rotated x axis, clockwise
   on screen), semi-axes rx and ry, rotated by `angle` degrees; filled when thickness <= 0. */
void bt_canvas_ellipse(bt_canvas *canvas, double x, double y, double rx, double ry, double angle, double start,
                       double end, double thickness, const uint8_t rgb[3], double opacity);
/* Saves the current picture as the background that `restore` puts back. */
void bt_canvas_save(bt_canvas *canvas);
void bt_canvas_restore(bt_canvas *canvas);
/* Adds zero-mean Gaussian noise of standard deviation `sigma` to every channel. */
void bt_canvas_noise(bt_canvas *canvas, double sigma, uint64_t seed);
/* Multiplies every pixel by `gain` (lighting flicker). */
void bt_canvas_gain(bt_canvas *canvas, double gain);
/* Moves the whole picture by (dx, dy) pixels, sub-pixel (bilinear); the uncovered border
   repeats the edge (camera shake). */
int bt_canvas_shift(bt_canvas *canvas, double dx, double dy, char *message, size_t message_size);
/* Shows the picture through a similarity (x' = a·x − b·y + tx, y' = b·x + a·y + ty, continuous
   pixel coordinates): each pixel takes the picture at the point mapped onto it, bilinear, the
   edge repeated past the border. */
int bt_canvas_transform(bt_canvas *canvas, double a, double b, double tx, double ty, char *message, size_t message_size);
/* Converts the picture to planar YUV 4:2:0 (BT.601, limited range) into the caller's planes,
   turned counter-clockwise by `counterclockwise_quarters` × 90° first (how a phone stores a
   portrait picture sideways); the planes must have the turned size. */
int bt_canvas_to_yuv420(bt_canvas *canvas, int counterclockwise_quarters,
                        uint8_t *y, ptrdiff_t y_stride,
                        uint8_t *u, ptrdiff_t u_stride,
                        uint8_t *v, ptrdiff_t v_stride,
                        char *message, size_t message_size);

#ifdef __cplusplus
}
#endif
#endif
