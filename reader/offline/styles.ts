/**
 * The offline notice's and the not-found suggestions' styles (offline.css), imported
 * dynamically as reader/search/styles.ts is: esbuild still puts them in the app's CSS
 * bundle, and Node (which prerenders) never loads this module.
 */
import './offline.css';
