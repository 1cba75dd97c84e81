import { describe, expect, it } from 'vitest';
import { merge, oembedPart, parseDuration, readPage, withOembed } from '../../functions/domain/scraper/extract';
import { FIXTURE_FILM as F, fixturePages } from '../support/scraper-pages';

const base = 'http://127.0.0.1:41234';
const pages = fixturePages(base, 9);
const html = (path: string) => String(pages[path]?.().body);
const details = (path: string) => merge(readPage(html(path), `${base}${path}`).parts);

describe('reading a film’s details from its page', () => {
  it('prefers schema.org Movie in JSON-LD over OpenGraph, field by field, and says where each came from', () => {
    const d = details('/jsonld.html');
    expect(d.title).toEqual({ value: F.title, source: 'schema.org Movie (JSON-LD)' });
    expect(d.description?.value).toBe(F.description);
    expect(d.posterUrl).toEqual({ value: `${base}/poster.png`, source: 'schema.org Movie (JSON-LD)' });
    expect(d.runtimeSeconds?.value).toBe(F.runtimeSeconds);
    expect(d.year?.value).toBe(F.year);
    expect(d.genre?.value).toEqual([F.genre, 'Thriller']);
    expect(d.credits?.value).toEqual([`Director: ${F.director}`, 'Cast: Tom Aske, Rui Ponte']);
  });

  it('reads schema.org Movie in microdata, nested people included', () => {
    const d = details('/microdata.html');
    expect(d.title).toEqual({ value: F.title, source: 'schema.org Movie (microdata)' });
    expect(d.posterUrl?.value).toBe(`${base}/poster.png`);
    expect(d.runtimeSeconds?.value).toBe(F.runtimeSeconds);
    expect(d.year?.value).toBe(F.year);
    expect(d.genre?.value).toEqual([F.genre]);
    expect(d.credits?.value).toEqual([`Director: ${F.director}`]);
  });

  it('reads a VideoObject, and OpenGraph alone', () => {
    const v = details('/videoobject.html');
    expect(v.title).toEqual({ value: `Trailer: ${F.title}`, source: 'schema.org VideoObject (JSON-LD)' });
    expect(v.runtimeSeconds?.value).toBe(130);
    expect(v.year?.value).toBe(2023);
    const og = details('/opengraph.html');
    expect(og.title).toEqual({ value: `OG: ${F.title}`, source: 'OpenGraph' });
    expect(og.description).toEqual({ value: 'OG description', source: 'OpenGraph' });
  });

  it('finds the oEmbed endpoint and ranks its answer below schema.org and above OpenGraph', () => {
    const page = readPage(html('/oembed.html'), `${base}/oembed.html`);
    expect(page.oembedUrl).toBe(`${base}/oembed.json?url=${encodeURIComponent(`${base}/oembed.html`)}`);
    const answer = JSON.parse(String(pages['/oembed.json']?.().body));
    const d = merge(withOembed(page.parts, oembedPart(answer, base)));
    expect(d.title).toEqual({ value: `oEmbed: ${F.title}`, source: 'oEmbed' });
    expect(d.credits?.value).toEqual([`By: ${F.director}`]);
  });

  it('survives broken markup and broken JSON-LD with what is readable', () => {
    const d = details('/broken.html');
    expect(d.title?.value).toBe(F.title);
    expect(d.posterUrl?.value).toBe(`${base}/not%20a%20url%20at%20all`);
    expect(details('/empty.html')).toEqual({ title: { value: 'Festival page', source: 'page title' } });
  });

  it('reads durations in ISO 8601 and in seconds', () => {
    expect(parseDuration('PT1H32M')).toBe(5520);
    expect(parseDuration('PT90M')).toBe(5400);
    expect(parseDuration('P0DT2H5S')).toBe(7205);
    expect(parseDuration('5400')).toBe(5400);
    expect(parseDuration('PT')).toBeUndefined();
    expect(parseDuration('soon')).toBeUndefined();
  });
});
