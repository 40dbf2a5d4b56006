import { keepPreviousData } from '@tanstack/react-query';
import type {
  Category,
  CreateCategoryInput,
  CreateDishInput,
  Dish,
  UpdateCategoryInput,
  UpdateDishInput,
} from '../../../shared/schemas/catalogue';
import type { Paged } from '../../../shared/list-query';
import { api, ApiError, type FieldErrors, type Query } from '../../lib/api';
import { useApiQuery } from '../../lib/query';
import { useSession } from '../../lib/session-store';

// Types only: the shared schemas are the contract, and `import type` keeps zod out of the bundle.
export type { Category, Dish };

/** GET /app/allergens. */
export interface Allergen {
  id: number;
  code: string;
  title: string;
}

/** Query key prefixes; invalidate them after changes. */
export const CATEGORIES_KEY = ['catalogue', 'categories'] as const;
export const DISHES_KEY = ['catalogue', 'dishes'] as const;
export const ALLERGENS_KEY = ['allergens'] as const;

/** Image sizes the server makes (catalogue schema IMAGE_VARIANTS): list thumbnail and preview. */
export const THUMB_SIZE = 46;
export const PREVIEW_WIDTH = 500;
/** Accepted uploads (spec 5): png, gif, jpeg. */
export const IMAGE_ACCEPT = 'image/png,image/gif,image/jpeg';

export function useCategories(query: Query) {
  return useApiQuery<Paged<Category>>([...CATEGORIES_KEY, 'page'], '/app/categories', { query, placeholderData: keepPreviousData });
}

/** Every category, in position order (for pickers). */
export function useAllCategories() {
  return useApiQuery<Paged<Category>>([...CATEGORIES_KEY, 'all'], '/app/categories', {
    query: { per_page: 'all', sort: { position: 'asc' } },
    staleTime: 60_000,
  });
}

export function useDishes(query: Query) {
  return useApiQuery<Paged<Dish>>([...DISHES_KEY, 'page'], '/app/dishes', { query, placeholderData: keepPreviousData });
}

/** Simple dishes of one category: the options a complex group may offer. */
export function useCategorySimpleDishes(categoryId: number | null) {
  return useApiQuery<Paged<Dish>>([...DISHES_KEY, 'options', categoryId], '/app/dishes', {
    query: { per_page: 'all', initial: 0, filter: { category_id: categoryId ?? undefined } },
    enabled: categoryId !== null,
    staleTime: 60_000,
  });
}

export function useAllergens() {
  return useApiQuery<Allergen[]>(ALLERGENS_KEY, '/app/allergens', { staleTime: 10 * 60_000 });
}

export const catalogueApi = {
  createCategory: (input: CreateCategoryInput) => api.post<Category>('/app/categories', input),
  updateCategory: (id: number, input: UpdateCategoryInput) => api.put<Category>(`/app/categories/${id}`, input),
  deleteCategory: (id: number) => api.delete<{ success: true }>(`/app/categories/${id}`),
  createDish: (input: CreateDishInput) => api.post<Dish>('/app/dishes', input),
  updateDish: (id: number, input: UpdateDishInput) => api.put<Dish>(`/app/dishes/${id}`, input),
  deleteDish: (id: number) => api.delete<{ success: true }>(`/app/dishes/${id}`),
  deleteImage: (id: number) => api.delete<Dish>(`/app/dishes/${id}/image`),
};

/** Address of a dish image variant; `v` makes it cacheable for a year (see the catalogue schema). */
export function dishImageUrl(dish: Pick<Dish, 'id' | 'image_version'>, size: { width: number; height?: number }) {
  return api.url(`/app/dishes/${dish.id}/image`, {
    width: size.width,
    height: size.height,
    format: 'webp',
    v: dish.image_version ?? undefined,
  });
}

function errorFromBody(status: number, text: string, fallback: string): ApiError {
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: Record<string, unknown> };
    const errors: FieldErrors = {};
    for (const [field, list] of Object.entries(b.errors ?? {})) {
      if (Array.isArray(list)) errors[field] = list.map(String);
      else if (typeof list === 'string') errors[field] = [list];
    }
    return new ApiError(status, typeof b.message === 'string' && b.message ? b.message : fallback, errors, body);
  }
  return new ApiError(status, typeof body === 'string' && body ? body : fallback);
}

/**
 * POST /app/dishes/{id}/image (multipart, field `image`) with upload progress. fetch cannot report
 * upload progress, so this uses XMLHttpRequest and repeats the api client's rules: Bearer token and
 * common parameters, 503 → maintenance, 401 → signed out, 429 → ignored (resolves undefined).
 */
export function uploadDishImage(
  id: number,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Dish | undefined> {
  const session = useSession.getState();
  const body = new FormData();
  body.append('image', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api.url(`/app/dishes/${id}/image`));
    xhr.setRequestHeader('Accept', 'application/json');
    if (session.token) xhr.setRequestHeader('Authorization', `Bearer ${session.token}`);
    if (session.csrfToken) xhr.setRequestHeader('X-CSRF-Token', session.csrfToken);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      const store = useSession.getState();
      if (xhr.status === 503) {
        store.setMaintenance(true);
        reject(errorFromBody(503, xhr.responseText, 'Service Unavailable'));
        return;
      }
      store.setMaintenance(false);
      if (xhr.status === 401) {
        store.logout();
        reject(errorFromBody(401, xhr.responseText, 'Unauthorized'));
        return;
      }
      if (xhr.status === 429) {
        resolve(undefined);
        return;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromBody(xhr.status, xhr.responseText, xhr.statusText || `HTTP ${xhr.status}`));
        return;
      }
      try {
        resolve(xhr.responseText ? (JSON.parse(xhr.responseText) as Dish) : undefined);
      } catch {
        resolve(undefined);
      }
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const busyId = `POST /app/dishes/${id}/image (upload)`;
    session.startLoading(busyId);
    xhr.addEventListener('loadend', () => useSession.getState().stopLoading(busyId));
    xhr.send(body);
  });
}
