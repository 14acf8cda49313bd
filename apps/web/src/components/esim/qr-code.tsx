import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Size of the QR image in pixels: sharp when shown at 192 CSS px on a 2x screen and when printed. */
const QR_PIXELS = 480;

/**
 * Renders `text` as a QR code PNG data URL. The `qrcode` library is imported on first use, so
 * it stays out of the initial JavaScript and loads only where there is an eSIM to show.
 */
export async function qrDataUrl(text: string): Promise<string> {
  const module = await import('qrcode');
  const toDataURL = module.toDataURL ?? (module as unknown as { default: typeof module }).default.toDataURL;
  return toDataURL(text, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: QR_PIXELS,
    color: { dark: '#0f172a', light: '#ffffff' },
  });
}

/** Where the QR image stands: being drawn, ready as a PNG data URL, or failed. */
export type QrState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

/** The QR image of an activation code, with its loading and failure states. */
export function useQrCode(text: string): QrState {
  const [state, setState] = useState<{ text: string; value: QrState }>({ text, value: { status: 'loading' } });
  useEffect(() => {
    let live = true;
    qrDataUrl(text).then(
      (url) => live && setState({ text, value: { status: 'ready', url } }),
      () => live && setState({ text, value: { status: 'error' } }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return state.text === text ? state.value : { status: 'loading' };
}

/** The QR code image (or its placeholder) at 192 px; `alt` names the eSIM. Texts: `esim` namespace. */
export function QrCodeImage({ state, alt }: { state: QrState; alt: string }) {
  const { t } = useTranslation('esim');
  return (
    <div className="flex size-48 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
      {state.status === 'ready' ? (
        <img src={state.url} alt={alt} width={192} height={192} className="size-48" />
      ) : state.status === 'error' ? (
        <p role="alert" className="flex flex-col items-center gap-2 p-3 text-center text-sm text-slate-700">
          <ImageOff aria-hidden="true" className="size-6 text-slate-500" />
          {t('qrError')}
        </p>
      ) : (
        <div role="status" className="size-full animate-pulse bg-slate-100">
          <span className="sr-only">{t('qrLoading')}</span>
        </div>
      )}
    </div>
  );
}
