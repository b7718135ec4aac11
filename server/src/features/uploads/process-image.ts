import { messages } from '@proper-parts/domain/messages';
import {
  MAX_UPLOAD_PIXELS,
  UPLOADED_IMAGE_MAX_HEIGHT,
  UPLOADED_IMAGE_MAX_WIDTH,
} from '@proper-parts/domain/product-admin';
import type { Metadata } from 'sharp';
import { AppError } from '../../errors.ts';
import { type ImageKind, sniffImageKind, structureProblem } from './image-bytes.ts';

/**
 * sharp (libvips) costs ~24 MB of resident memory once loaded; a server that never receives an
 * upload never loads it (docs/decisions/009).
 */
let sharpModule: Promise<typeof import('sharp')> | undefined;
async function loadSharp() {
  sharpModule ??= import('sharp');
  return (await sharpModule).default;
}

/** What sharp calls each format we take (AVIF is read by its HEIF loader). */
const sharpFormat: Record<ImageKind, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
};

/**
 * Turns an uploaded file into the shop's product image, or refuses it with a 400 saying why:
 * recognised by its bytes, one image with nothing appended, at most 40 megapixels by its header
 * (read before any pixel is decoded), then decoded under the same pixel limit and re-encoded as
 * WebP at most 1600 px wide with every piece of metadata dropped. Only sharp's output is kept, so
 * nothing the sender put in the file survives but the picture.
 */
export async function toProductImage(bytes: Buffer): Promise<Buffer> {
  const kind = sniffImageKind(bytes);
  if (!kind) throw new AppError('INVALID', messages.imageNotSupported);

  const problem = structureProblem(bytes, kind);
  if (problem === 'damaged') throw new AppError('INVALID', messages.imageDamaged);
  if (problem === 'extra-data') throw new AppError('INVALID', messages.imageHasExtraData);

  const sharp = await loadSharp();
  let header: Metadata;
  try {
    // Reads the header only; the pixel limit is checked just below with our own message.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('INVALID', messages.imageDamaged);
  }
  if (header.format !== sharpFormat[kind])
    throw new AppError('INVALID', messages.imageNotSupported);
  if (kind === 'avif' && header.compression !== 'av1')
    throw new AppError('INVALID', messages.imageNotSupported);
  const { width = 0, height = 0 } = header;
  if (width < 1 || height < 1) throw new AppError('INVALID', messages.imageDamaged);
  if (width * height > MAX_UPLOAD_PIXELS)
    throw new AppError('INVALID', messages.imageTooManyPixels);

  try {
    return await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'warning' })
      .rotate() // EXIF orientation is applied before the metadata is dropped
      .resize({
        width: UPLOADED_IMAGE_MAX_WIDTH,
        height: UPLOADED_IMAGE_MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch {
    // A decoder's complaint (premature end, bad Huffman code, CRC error) means a broken file.
    throw new AppError('INVALID', messages.imageDamaged);
  }
}
