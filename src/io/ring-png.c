/* ring-png.c: image surfaces to PNG with libpng and zlib, tuned for charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <string.h>
#include <sys/mman.h>
#include <zlib.h>

#include "ring-png.h"

/* zlib's fast matcher tuned for charts' runs of zeros, and the Paeth filter: files within
 * 18 % of cairo's in 40 % of the lazy matcher's time (docs/decisions.md, PNG encoding). */
#define ROW_FILTER         4  /* PNG's Paeth: each byte minus the nearest of left, up, up-left */
#define COMPRESSION_LEVEL  3
#define MEMORY_LEVEL       7
#define TUNE_GOOD_LENGTH   32
#define TUNE_INSERT_LENGTH 32
#define TUNE_NICE_LENGTH   258
#define TUNE_CHAIN_LENGTH  32

/* One slice of rows per processor, each primed with the 32 KiB before it (as pigz does),
 * joined into one zlib stream. */
#define MAX_SLICES      4
#define MIN_SLICE_ROWS  128
#define WINDOW_BYTES    32768
#define IDAT_BYTES      (256 * 1024)

typedef struct
{
  const guint8 *data;
  int           width;
  int           stride;
  gboolean      alpha;
  gsize         row_bytes;  /* without the filter byte */
  /* RGB while every pixel is opaque; the first that is not stops every slice, and the
   * image is written again as RGBA. */
  gboolean      check_opacity;
  gint         *translucent;

  int           first_row;
  int           n_rows;
  gboolean      last;

  GByteArray   *compressed;
  uLong         adler;
  gsize         input_length;
  gboolean      failed;
} Slice;

/* Cairo's pixels are native-endian 32-bit words, premultiplied; PNG's are bytes in R, G,
 * B (, A) order, straight. @out has room for one byte past the row. */
static void
convert_row (const Slice *slice,
             int          y,
             guint8      *out)
{
  const guint32 *pixels = (const guint32 *) (const void *) (slice->data
                                                             + (gsize) y * slice->stride);

  /* One 4-byte store per pixel, the next overwriting the fourth byte. */
  if (!slice->alpha)
    {
      guint32 all = 0xffffffff;

      for (int x = 0; x < slice->width; x++, out += 3)
        {
          guint32 pixel = pixels[x];
          guint32 rgb = GUINT32_TO_LE (((pixel >> 16) & 0xff) | (pixel & 0xff00)
                                       | ((pixel & 0xff) << 16));

          memcpy (out, &rgb, sizeof rgb);
          all &= pixel;
        }
      if (slice->check_opacity && all < 0xff000000)
        g_atomic_int_set (slice->translucent, TRUE);
      return;
    }

  for (int x = 0; x < slice->width; x++)
    {
      guint32 pixel = pixels[x];
      guint a = pixel >> 24;
      guint r = (pixel >> 16) & 0xff;
      guint g = (pixel >> 8) & 0xff;
      guint b = pixel & 0xff;

      if (a != 0 && a != 0xff)
        {
          r = (r * 255 + a / 2) / a;
          g = (g * 255 + a / 2) / a;
          b = (b * 255 + a / 2) / a;
        }
      *out++ = r;
      *out++ = g;
      *out++ = b;
      *out++ = a;
    }
}

/* The Paeth filter of one row, in 16-bit values without early exits so that it
 * vectorizes. */
static void
paeth_row (const guint8 *restrict current,
           const guint8 *restrict above,
           guint8       *restrict filtered,
           gsize                  n_bytes,
           gsize                  bpp)
{
  for (gsize i = 0; i < bpp; i++)
    filtered[i] = current[i] - above[i];

  for (gsize i = bpp; i < n_bytes; i++)
    {
      gint16 a = current[i - bpp];
      gint16 b = above[i];
      gint16 c = above[i - bpp];
      gint16 p = a + b - c;
      gint16 pa = p > a ? p - a : a - p;
      gint16 pb = p > b ? p - b : b - p;
      gint16 pc = p > c ? p - c : c - p;
      gint16 predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;

      filtered[i] = (guint8) (current[i] - predicted);
    }
}

/* Row @y as PNG stores it, filter byte first. *@above holds row y − 1 converted and the
 * buffers swap. A row equal to the one above filters to zeros: TRUE, and nothing done. */
static gboolean
filter_row (const Slice  *slice,
            int           y,
            guint8      **above,
            guint8      **current,
            guint8       *filtered)
{
  const guint8 *pixels = slice->data + (gsize) y * slice->stride;
  guint8 *row = *current;

  filtered[0] = ROW_FILTER;
  if (y > 0 && memcmp (pixels, pixels - slice->stride, (gsize) slice->width * 4) == 0)
    {
      memset (filtered + 1, 0, slice->row_bytes);
      return TRUE;
    }

  convert_row (slice, y, row);
  paeth_row (row, *above, filtered + 1, slice->row_bytes, slice->alpha ? 4 : 3);
  *current = *above;
  *above = row;

  return FALSE;
}

/* The Adler-32 of @filtered, @length bytes that are zeros after the first when @zeros. */
static uLong
adler_of_row (uLong         adler,
              const guint8 *filtered,
              gsize         length,
              gboolean      zeros)
{
  /* n zeros leave the sum of the bytes as it is; their Adler-32 alone is 1 + n × 2^16. */
  if (zeros)
    return adler32_combine (adler32 (adler, filtered, 1),
                            ((uLong) ((length - 1) % 65521) << 16) | 1, length - 1);

  return adler32 (adler, filtered, length);
}

static gboolean
deflate_into (Slice    *slice,
              z_stream *stream,
              int       flush)
{
  guint8 buffer[16384];
  int status;

  do
    {
      stream->next_out = buffer;
      stream->avail_out = sizeof buffer;
      status = deflate (stream, flush);
      if (status == Z_STREAM_ERROR)
        return FALSE;
      g_byte_array_append (slice->compressed, buffer, sizeof buffer - stream->avail_out);
    }
  while (stream->avail_out == 0);

  return TRUE;
}

static gpointer
compress_slice (gpointer data)
{
  Slice *slice = data;
  gsize filtered_bytes = slice->row_bytes + 1;
  g_autofree guint8 *above = g_malloc0 (slice->row_bytes + 1);
  g_autofree guint8 *current = g_malloc (slice->row_bytes + 1);
  g_autofree guint8 *filtered = g_malloc (filtered_bytes);
  z_stream stream = { 0, };

  slice->compressed = g_byte_array_sized_new (slice->n_rows * filtered_bytes / 8 + 1024);
  slice->adler = adler32 (0, NULL, 0);

  /* Raw deflate: the zlib header and checksum are written once, around all slices. */
  if (deflateInit2 (&stream, COMPRESSION_LEVEL, Z_DEFLATED, -15, MEMORY_LEVEL,
                    Z_DEFAULT_STRATEGY) != Z_OK)
    {
      slice->failed = TRUE;
      return NULL;
    }
  deflateTune (&stream, TUNE_GOOD_LENGTH, TUNE_INSERT_LENGTH, TUNE_NICE_LENGTH,
               TUNE_CHAIN_LENGTH);

  /* Primed with the rows before this slice, as a single stream's window would be. */
  if (slice->first_row > 0)
    {
      int n_window_rows = MIN (slice->first_row,
                               (int) ((WINDOW_BYTES + filtered_bytes - 1) / filtered_bytes));
      int first = slice->first_row - n_window_rows;
      g_autofree guint8 *window = g_malloc ((gsize) n_window_rows * filtered_bytes);
      gsize window_bytes = (gsize) n_window_rows * filtered_bytes;

      if (first > 0)
        convert_row (slice, first - 1, above);
      for (int i = 0; i < n_window_rows; i++)
        filter_row (slice, first + i, &above, &current, window + i * filtered_bytes);

      if (window_bytes > WINDOW_BYTES)
        deflateSetDictionary (&stream, window + window_bytes - WINDOW_BYTES, WINDOW_BYTES);
      else
        deflateSetDictionary (&stream, window, window_bytes);
    }

  for (int y = slice->first_row; y < slice->first_row + slice->n_rows && !slice->failed; y++)
    {
      gboolean zeros = filter_row (slice, y, &above, &current, filtered);

          if (g_atomic_int_get (slice->translucent))
        break;
      slice->adler = adler_of_row (slice->adler, filtered, filtered_bytes, zeros);
      slice->input_length += filtered_bytes;
      stream.next_in = filtered;
      stream.avail_in = filtered_bytes;
      slice->failed = !deflate_into (slice, &stream, Z_NO_FLUSH);
    }

  /* A sync flush ends a slice on a byte boundary; the last slice ends the stream. */
  if (!slice->failed)
    slice->failed = !deflate_into (slice, &stream, slice->last ? Z_FINISH : Z_SYNC_FLUSH);
  deflateEnd (&stream);

  return NULL;
}

/* The image data as one zlib stream: its header, the slices' deflate blocks in order,
 * and the Adler-32 of all of them combined. NULL if zlib failed, or, with @check_opacity,
 * with *@translucent set if a pixel is not opaque. */
static GByteArray *
compress_image (const guint8 *data,
                int           width,
                int           height,
                int           stride,
                gboolean      alpha,
                gboolean      check_opacity,
                int           n_slices,
                gint         *translucent)
{
  Slice slices[MAX_SLICES];
  GThread *threads[MAX_SLICES] = { NULL, };
  /* 0x78 0x5e: deflate with a 32 KiB window, "fast" compression; a multiple of 31. */
  static const guint8 header[] = { 0x78, 0x5e };
  GByteArray *stream = g_byte_array_new ();
  uLong adler = 0;
  gboolean failed = FALSE;
  guint8 trailer[4];

  for (int i = 0; i < n_slices; i++)
    {
      slices[i] = (Slice) {
        .data = data,
        .width = width,
        .stride = stride,
        .alpha = alpha,
        .row_bytes = (gsize) width * (alpha ? 4 : 3),
        .check_opacity = check_opacity,
        .translucent = translucent,
        .first_row = height * i / n_slices,
        .n_rows = height * (i + 1) / n_slices - height * i / n_slices,
        .last = i == n_slices - 1,
      };
      if (i > 0)
        threads[i] = g_thread_new ("ring-png", compress_slice, &slices[i]);
    }
  compress_slice (&slices[0]);

  g_byte_array_append (stream, header, sizeof header);
  for (int i = 0; i < n_slices; i++)
    {
      if (threads[i] != NULL)
        g_thread_join (threads[i]);
      failed |= slices[i].failed;
      g_byte_array_append (stream, slices[i].compressed->data, slices[i].compressed->len);
      adler = i == 0 ? slices[i].adler
                     : adler32_combine (adler, slices[i].adler, slices[i].input_length);
      g_byte_array_unref (slices[i].compressed);
    }

  if (failed || g_atomic_int_get (translucent))
    {
      g_byte_array_unref (stream);
      return NULL;
    }

  trailer[0] = adler >> 24;
  trailer[1] = adler >> 16;
  trailer[2] = adler >> 8;
  trailer[3] = adler;
  g_byte_array_append (stream, trailer, sizeof trailer);

  return stream;
}

/* Images in huge pages. */

#define HUGE_PAGE_BYTES (2 * 1024 * 1024)
/* cairo's largest image side. */
#define MAX_IMAGE_SIDE  32767

typedef struct
{
  void  *mapping;
  gsize  length;
} Mapping;

static const cairo_user_data_key_t mapping_key;

static void
mapping_free (void *data)
{
  Mapping *mapping = data;

  munmap (mapping->mapping, mapping->length);
  g_free (mapping);
}

/* A 6.4 MB chart faults in for 5 ms in 4 KiB pages, almost nothing in huge ones
 * (docs/decisions.md). The anonymous mapping starts cleared, as cairo's own does. */
cairo_surface_t *
ring_png_create_surface (int width,
                         int height)
{
#ifdef MADV_HUGEPAGE
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width);
  gsize bytes;
  Mapping *mapping;
  guint8 *pixels;
  cairo_surface_t *surface;

  /* Small images gain nothing; sizes cairo refuses get its error surface. */
  if (width <= 0 || height <= 0 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE
      || stride <= 0 || (gsize) stride * height < HUGE_PAGE_BYTES)
    return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

  /* Rounded up to whole huge pages, plus one to align the start on. */
  bytes = ((gsize) stride * height + HUGE_PAGE_BYTES - 1) / HUGE_PAGE_BYTES * HUGE_PAGE_BYTES;
  mapping = g_new (Mapping, 1);
  mapping->length = bytes + HUGE_PAGE_BYTES;
  mapping->mapping = mmap (NULL, mapping->length, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping->mapping == MAP_FAILED)
    {
      g_free (mapping);
      return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
    }

  pixels = (guint8 *) (((guintptr) mapping->mapping + HUGE_PAGE_BYTES - 1)
                       & ~(guintptr) (HUGE_PAGE_BYTES - 1));
  /* Advice only: where huge pages are off, the pages are ordinary ones. */
  if (madvise (pixels, bytes, MADV_HUGEPAGE) != 0)
    g_debug ("No huge pages for the image: %s", g_strerror (errno));

  surface = cairo_image_surface_create_for_data (pixels, CAIRO_FORMAT_ARGB32, width, height,
                                                 stride);
  if (cairo_surface_set_user_data (surface, &mapping_key, mapping, mapping_free)
      != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      mapping_free (mapping);
      return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
    }

  return surface;
#else
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
#endif
}

/* libpng writes the signature and the chunks, with their lengths and CRCs. */

typedef struct
{
  RingFileWriter *writer;
  char           *message;
} Encoder;

static void error_cb (png_structp     png,
                      png_const_charp message) G_GNUC_NORETURN;

static void
error_cb (png_structp      png,
          png_const_charp  message)
{
  Encoder *encoder = png_get_error_ptr (png);

  if (encoder->message == NULL)
    encoder->message = g_strdup (message);
  png_longjmp (png, 1);
}

static void
warning_cb (png_structp      png,
            png_const_charp  message)
{
  g_debug ("libpng: %s", message);
}

static void
write_cb (png_structp  png,
          png_bytep    data,
          png_size_t   length)
{
  Encoder *encoder = png_get_io_ptr (png);

  /* Stop at once: the writer keeps the reason for its commit. */
  if (!ring_file_writer_write (encoder->writer, data, length))
    png_error (png, "write failed");
}

static void
flush_cb (png_structp png)
{
}

/* Writes the PNG around the compressed image data. libpng reports errors by a longjmp to
 * the setjmp below; nothing in this frame changes after it but done, which is volatile. */
static gboolean
write_png (Encoder          *encoder,
           int               width,
           int               height,
           gboolean          alpha,
           const GByteArray *compressed)
{
  png_structp png;
  png_infop info;
  volatile gboolean done = FALSE;

  png = png_create_write_struct (PNG_LIBPNG_VER_STRING, encoder, error_cb, warning_cb);
  if (png == NULL)
    return FALSE;
  info = png_create_info_struct (png);

  if (info != NULL && setjmp (png_jmpbuf (png)) == 0)
    {
      png_set_write_fn (png, encoder, write_cb, flush_cb);
      png_set_IHDR (png, info, width, height, 8,
                    alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
      png_write_info (png, info);

      /* The image data, compressed already, and the end. */
      for (guint offset = 0; offset < compressed->len; offset += IDAT_BYTES)
        png_write_chunk (png, (png_const_bytep) "IDAT", compressed->data + offset,
                         MIN (IDAT_BYTES, compressed->len - offset));
      png_write_chunk (png, (png_const_bytep) "IEND", NULL, 0);
      done = TRUE;
    }

  png_destroy_write_struct (&png, &info);

  return done;
}

gboolean
_ring_png_write_in_slices (cairo_surface_t  *image,
                           RingFileWriter   *writer,
                           guint             n_slices,
                           GError          **error)
{
  Encoder encoder = { writer, NULL };
  g_autoptr(GByteArray) compressed = NULL;
  const guint8 *data;
  int width, height, stride;
  gboolean alpha = FALSE;
  gint translucent = FALSE;
  gboolean done;

  g_return_val_if_fail (cairo_surface_get_type (image) == CAIRO_SURFACE_TYPE_IMAGE, FALSE);
  g_return_val_if_fail (writer != NULL, FALSE);

  cairo_surface_flush (image);
  width = cairo_image_surface_get_width (image);
  height = cairo_image_surface_get_height (image);
  stride = cairo_image_surface_get_stride (image);
  data = cairo_image_surface_get_data (image);
  n_slices = CLAMP ((int) n_slices, 1, MIN (height, MAX_SLICES));

  /* RGB, the common case, without reading the image once more to find out: the slices
   * check each pixel as they convert it, and the first that is not opaque sends the
   * image round again as RGBA. */
  compressed = compress_image (data, width, height, stride, FALSE,
                               cairo_image_surface_get_format (image) == CAIRO_FORMAT_ARGB32,
                               n_slices, &translucent);
  if (compressed == NULL && translucent)
    {
      alpha = TRUE;
      translucent = FALSE;
      compressed = compress_image (data, width, height, stride, TRUE, FALSE, n_slices,
                                   &translucent);
    }
  if (compressed == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "zlib: %s", g_strerror (ENOMEM));
      return FALSE;
    }

  done = write_png (&encoder, width, height, alpha, compressed);
  if (!done && !ring_file_writer_has_failed (writer))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "libpng: %s",
                 encoder.message != NULL ? encoder.message : g_strerror (ENOMEM));
  g_free (encoder.message);

  return done;
}

gboolean
ring_png_write (cairo_surface_t  *image,
                RingFileWriter   *writer,
                GError          **error)
{
  int height;

  g_return_val_if_fail (cairo_surface_get_type (image) == CAIRO_SURFACE_TYPE_IMAGE, FALSE);

  /* One slice per processor, each of a good number of rows: a thread costs less than a
   * tenth of a millisecond, a slice's start a few hundred bytes of output. */
  height = cairo_image_surface_get_height (image);
  return _ring_png_write_in_slices (image, writer,
                                    CLAMP (height / MIN_SLICE_ROWS, 1,
                                           (int) g_get_num_processors ()),
                                    error);
}
