import type { Cover } from '../../pipeline/transform/covers.ts';

/** A cover with its intrinsic size (no layout shift) on its average colour while it loads. */
export function CoverImage({
  cover,
  sizes,
  eager = false,
  decorative = false,
}: {
  cover: Cover;
  sizes: string;
  eager?: boolean;
  decorative?: boolean;
}) {
  const candidates = [cover.small, cover.medium, cover.large].filter((image) => image !== undefined);
  const fallback = cover.medium ?? cover.small ?? cover.original;
  return (
    <img
      className={cover.isDark ? 'cover cover-dark' : 'cover'}
      src={fallback.src}
      srcSet={candidates.length > 0 ? candidates.map((image) => `${image.src} ${image.width}w`).join(', ') : undefined}
      sizes={candidates.length > 0 ? sizes : undefined}
      width={fallback.width}
      height={fallback.height}
      alt={decorative ? '' : cover.alt}
      loading={eager ? 'eager' : 'lazy'}
      // An eager cover is the page's largest paint: fetched before the rest.
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      style={cover.averageColorHex ? { backgroundColor: cover.averageColorHex } : undefined}
    />
  );
}
