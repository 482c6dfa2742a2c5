/** The staff calls of dashboard spec §7 "Sales campaigns" (the campaign itself; spreadsheets are in spreadsheets.ts). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '@inkwell/contracts/dashboard';
import type { Created, StatusChanged } from '@inkwell/contracts/dashboard-catalogue';
import type { SalesCampaign, SalesCampaignInput, SalesCampaignRow, SalesListQuery, SalesSeriesInfo } from '@inkwell/contracts/dashboard-merchandising';
import { staffApi } from '@/lib/staff-api';

export const salesQueryKey = ['dashboard', 'sales'] as const;

/** `GET /dashboard/sales/?fromIndex&count&search`, newest first. */
export function getCampaigns(query: SalesListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<Paginated<SalesCampaignRow>> {
  return staffApi.get<Paginated<SalesCampaignRow>>('/dashboard/sales/', { query: { ...query }, signal });
}

/** `GET /dashboard/sales/getCampaignById/{id}`. */
export function getCampaign(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<SalesCampaign> {
  return staffApi.get<SalesCampaign>(`/dashboard/sales/getCampaignById/${id}`, { signal });
}

export function campaignDetailKey(id: number) {
  return [...salesQueryKey, 'detail', id] as const;
}

export function useCampaign(id: number | undefined) {
  return useQuery({
    ...queryOptions({ queryKey: campaignDetailKey(id ?? 0), queryFn: ({ signal }) => getCampaign(id ?? 0, { signal }), staleTime: 0 }),
    enabled: id !== undefined,
  });
}

/** `GET /dashboard/sales/getSeriesInfo/{id}`: a series' products' variants at full price, to add the whole series. */
export function getSeriesInfo(id: number): Promise<SalesSeriesInfo> {
  return staffApi.get<SalesSeriesInfo>(`/dashboard/sales/getSeriesInfo/${id}`);
}

/** `POST /dashboard/sales/create`: a Draft campaign; the answer holds its id. */
export function createCampaign(body: SalesCampaignInput): Promise<Created> {
  return staffApi.post<Created>('/dashboard/sales/create', body);
}

/** `POST /dashboard/sales/alter` (with id and expectedUpdatedAt): answers the campaign as saved. */
export function alterCampaign(body: SalesCampaignInput): Promise<SalesCampaign> {
  return staffApi.post<SalesCampaign>('/dashboard/sales/alter', body);
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCampaign, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...salesQueryKey, 'page'] }) });
}

export function useAlterCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterCampaign,
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignDetailKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...salesQueryKey, 'page'] });
    },
  });
}

export type CampaignStatusAction = 'publish' | 'unpublish';

/** `POST /dashboard/sales/{publish|unpublish}/{id}`: answers the new status; the campaign is read again. */
export function changeCampaignStatus({ id, action }: { id: number; action: CampaignStatusAction }): Promise<StatusChanged> {
  return staffApi.post<StatusChanged>(`/dashboard/sales/${action}/${id}`);
}

export function useChangeCampaignStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCampaignStatus,
    onSettled: (_result, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: campaignDetailKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...salesQueryKey, 'page'] });
    },
  });
}
