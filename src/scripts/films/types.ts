import type { ReviewStatus } from '../../../functions/db/schema/catalogue';

/** What the studio API sends (dates arrive as ISO strings). */
export interface Upload {
  id: string;
  kind: 'video' | 'poster';
  fileName: string;
  size: number;
  contentType: string;
  partSize: number;
  partCount: number;
  status: 'uploading' | 'completed' | 'aborted';
  confirmedParts: number[];
  bytesConfirmed: number;
  createdAt: string;
}

export interface Film {
  id: string;
  title: string;
  description: string;
  categoryId: string | null;
  categoryName: string | null;
  year: number | null;
  runtimeSeconds: number | null;
  reviewStatus: ReviewStatus;
  reviewReason: string | null;
  reviewedAt: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  owner: { id: string; username: string | null };
  video: { url: string; type: string | null; bytes: number | null } | null;
  poster: { url: string; width: number | null; height: number | null } | null;
  /** A new poster of an approved film awaiting review. */
  pendingPoster: { url: string; width: number | null; height: number | null } | null;
  /** Caption tracks (WebVTT), in the order they were added. */
  captions: CaptionTrack[];
}

export interface CaptionTrack {
  id: string;
  language: string;
  label: string;
  url: string;
}

export interface Category {
  id: string;
  name: string;
}
