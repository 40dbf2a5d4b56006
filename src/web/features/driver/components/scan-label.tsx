import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useTranslation } from '../../../lib/i18n';

/** The hand-over page a label's QR code opens (kitchen feature, /handover/{orderId}/{itemId}/{unit}), from the code's text. */
export function handoverPath(text: string): string | null {
  const m = /\/handover\/(\d{1,10})\/(\d{1,10})\/(\d{1,10})(?:[/?#]|$)/.exec(text);
  return m ? `/handover/${m[1]}/${m[2]}/${m[3]}` : null;
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;
const detectorClass = (): DetectorClass | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector
    : null;

/**
 * The QR hand-over scan on the driver's page: where the browser reads QR codes (BarcodeDetector)
 * the camera opens here and a label's code opens the same hand-over page the kitchen uses;
 * elsewhere the phone's camera app opens the label's address (the hint says so).
 */
export function ScanLabel() {
  const { t } = useTranslation('driver');
  const navigate = useNavigate();
  const [scanning, setScanning] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const Detector = detectorClass();

  useEffect(() => {
    if (!scanning || !Detector) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        for (const code of await detector.detect(video.current)) {
          const path = handoverPath(code.rawValue);
          if (path) {
            void navigate(path);
            return;
          }
        }
      } catch {
        // A frame that could not be read: the next one is tried.
      }
      timer = window.setTimeout(() => void look(), 300);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => {
        setFailed(t('scan.noCamera'));
        setScanning(false);
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [Detector, navigate, scanning, t]);

  return (
    <section className="driver-scan" aria-labelledby="driver-scan-title">
      <h2 className="driver-scan__title" id="driver-scan-title">
        {t('scan.title')}
      </h2>
      {Detector ? (
        <>
          <Button onClick={() => setScanning((s) => !s)} aria-pressed={scanning}>
            {scanning ? t('scan.stop') : t('scan.start')}
          </Button>
          {scanning && <video ref={video} className="driver-scan__video" muted playsInline aria-label={t('scan.camera')} />}
        </>
      ) : (
        <p className="muted">{t('scan.hint')}</p>
      )}
      {failed && <Notice tone="error">{failed}</Notice>}
    </section>
  );
}
