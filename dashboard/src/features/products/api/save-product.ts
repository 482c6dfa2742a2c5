import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductSave, ProductSaved } from '@inkwell/contracts/dashboard-products';
import { staffApi } from '@/lib/staff-api';
import { productQueryKey } from './get-product';
import { productsQueryKey } from './get-products';

/** `POST /dashboard/product/new` without an id, `/alter` with one; answers the stored product and the book-density warnings. */
export function saveProduct(body: ProductSave): Promise<ProductSaved> {
  return staffApi.post<ProductSaved>(body.id === undefined ? '/dashboard/product/new' : '/dashboard/product/alter', body);
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (saved) => {
      queryClient.setQueryData(productQueryKey(saved.product.id), saved.product);
      void queryClient.invalidateQueries({ queryKey: [...productsQueryKey, 'list'] });
    },
  });
}
