/**
 * The search styles (reader/styles/search.css). Imported dynamically, by the search
 * client's first start: esbuild still puts the CSS of dynamically imported chunks
 * into the app's one CSS bundle (so it is there at first paint), while Node — which
 * prerenders the same components and cannot import .css — never loads this module.
 */
import '../styles/search.css';
