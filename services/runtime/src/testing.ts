import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { Redis } from 'ioredis';
import { testInfrastructure } from '@autobest/domain/testing';

export interface TestQueues {
  redisUrl: string;
  prefix: string;
  /** Deletes every key under the prefix. */
  drop(): Promise<void>;
}

/** A BullMQ key prefix of one test file's own, so files running in parallel never share a queue. */
export function createTestQueues(label: string): TestQueues {
  const { redisUrl } = testInfrastructure(process.env);
  const prefix = `autobest-test-${label}-${randomBytes(4).toString('hex')}`;
  return {
    redisUrl,
    prefix,
    async drop() {
      const redis = new Redis(redisUrl);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}

export interface SamplePhotoOptions {
  width?: number;
  height?: number;
  format?: 'jpeg' | 'png';
  quality?: number;
  /** What a phone writes: EXIF orientation 6 (rotate 90° to view), camera make, a GPS position, XMP and a P3 ICC profile. */
  phoneMetadata?: boolean;
}

/**
 * A real photo for tests and benchmarks: a gradient with seeded grain, so it compresses like a photograph (about
 * 300 KB at 1600 × 1200, quality 60) and is the same on every run.
 */
export async function samplePhoto({ width = 64, height = 48, format = 'jpeg', quality = 80, phoneMetadata = false }: SamplePhotoOptions = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648) * 40;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      const wave = (Math.sin(x / 37) * Math.cos(y / 23) + 1) * 60;
      pixels[offset] = (x / 7 + wave + grain()) & 255;
      pixels[offset + 1] = (y / 5 + wave + grain()) & 255;
      pixels[offset + 2] = ((x + y) / 9 + grain()) & 255;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  image = format === 'jpeg' ? image.jpeg({ quality }) : image.png();
  if (!phoneMetadata) return image.toBuffer();
  return image
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneCo', Model: 'Camera 12' },
      // Lagos, as degrees/minutes/seconds rationals.
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 55/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 40/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Seller Home"/></rdf:RDF></x:xmpmeta>')
    .withIccProfile('p3')
    .toBuffer();
}
