import "./picture.css";

/** What the server gives for a stored picture: signed links to its sizes (MediaImage). */
export interface PictureSource {
  width: number;
  height: number;
  src: string;
  srcSet: string;
  jpegSrcSet: string;
}

/**
 * A responsive picture: WebP sizes, JPEG for browsers without WebP, the browser picking the size
 * from `sizes`. Width and height are given so the page keeps its place while it loads; lazy unless
 * it is on the first screen (`eager`).
 */
export function Picture({
  image,
  alt,
  sizes = "(max-width: 600px) 100vw, 480px",
  eager = false,
  className,
}: {
  image: PictureSource;
  alt: string;
  sizes?: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <picture className={className ? `picture ${className}` : "picture"}>
      <source type="image/webp" srcSet={image.srcSet} sizes={sizes} />
      <img
        src={image.src}
        srcSet={image.jpegSrcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
    </picture>
  );
}
