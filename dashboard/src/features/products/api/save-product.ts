import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductSave, ProductSaved } from '@inkwell/contracts/dashboard-products';
import { productQueryKey, productsQueryKey } from '@/lib/api/get-product';
import { staffApi } from '@/lib/staff-api';

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
