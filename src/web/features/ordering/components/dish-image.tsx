import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { dishImageUrl, FULL_IMAGE_WIDTH, THUMB_SIZE } from '../model/menu';

// Loaded when a picture is first opened: the dialog's code stays out of the page's first load.
const Modal = lazy(() => import('../../../components/ui/modal').then((m) => ({ default: m.Modal })));

interface DishImageProps {
  dish: { id: number; title: string; has_image: boolean; image_version: string | null };
}

/** 64×64 WebP thumbnail; a click shows the picture 760 wide. A plate drawing stands in when there is none. */
export function DishImage({ dish }: DishImageProps) {
  const { t } = useTranslation('ordering');
  const [open, setOpen] = useState(false);
  if (!dish.has_image) {
    return (
      <span className="ord-dish-image ord-dish-image--empty" aria-hidden="true">
        <svg viewBox="0 0 32 32" width="28" height="28">
          <circle cx="16" cy="16" r="11" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <circle cx="16" cy="16" r="6" fill="none" stroke="currentColor" strokeWidth="1.2" />
        </svg>
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        className="ord-dish-image"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        aria-label={t('dish.showImage', { title: dish.title })}
      >
        <img
          src={dishImageUrl(dish, { width: THUMB_SIZE, height: THUMB_SIZE })}
          width={THUMB_SIZE}
          height={THUMB_SIZE}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </button>
      {/* React events bubble out of portals to the card, whose click adds the dish: stop them here. */}
      {open && (
        <span className="ord-dish-image__portal" onClick={(e) => e.stopPropagation()}>
          <Suspense fallback={null}>
            <Modal open onClose={() => setOpen(false)} title={dish.title} size="lg">
              <img
                className="ord-dish-image__full"
                src={dishImageUrl(dish, { width: FULL_IMAGE_WIDTH })}
                width={FULL_IMAGE_WIDTH}
                alt={dish.title}
              />
            </Modal>
          </Suspense>
        </span>
      )}
    </>
  );
}
