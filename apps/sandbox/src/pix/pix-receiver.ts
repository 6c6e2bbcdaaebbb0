/** Who receives the stand-in's Pix (shown inside the BR Code). */
export interface PixReceiver {
  key: string;
  merchantName: string;
  merchantCity: string;
}
