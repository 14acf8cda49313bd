import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The name of an e-mail template for the Outbox, in the interface language: the known templates
 * by name ('Order confirmation'), a status message (`order-status-<status>`) as 'Status update:
 * Completed', any other id as it is.
 */
export function useTemplateName() {
  const { t } = useTranslation('admin');
  return useCallback(
    (id: string) => {
      const status = /^order-status-([a-z]+)$/.exec(id)?.[1];
      if (status)
        return t('outbox.templates.orderStatus', { status: t(`orderStatus.${status}`, { defaultValue: status }) });
      return t(`outbox.templates.${id}`, { defaultValue: id });
    },
    [t],
  );
}
