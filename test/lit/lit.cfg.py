# lit configuration of hccsim's compiler tests.
#   lit.py -sv test/lit --param hcc_site_config=build/test/lit/lit.site.cfg.py
# (the CTest test `lit` passes the parameter; without it, ../../build is used).
import os
import shutil

import lit.formats

config.name = 'hccsim'
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = ['.c', '.cpp']
config.excludes = ['Inputs']
config.test_source_root = os.path.dirname(__file__)

site = lit_config.params.get('hcc_site_config')
if not site:
    site = os.path.join(config.test_source_root, '..', '..', 'build', 'test', 'lit', 'lit.site.cfg.py')
if not os.path.exists(site):
    lit_config.fatal('no lit.site.cfg.py (build the project first): ' + site)
exec(open(site).read())
config.test_exec_root = os.path.join(config.hcc_binary_dir, 'out')

config.environment['PATH'] = os.pathsep.join([config.llvm_bin, config.environment.get('PATH', os.environ.get('PATH', ''))])
config.substitutions.append(('%hcc-rewrite', config.hcc_rewrite))
config.substitutions.append(('%clangxx', os.path.join(config.llvm_bin, 'clang++')))
config.substitutions.append(('%clang', config.clang))
config.substitutions.append(('%hcc-rt-include', os.path.join(config.hcc_source_dir, 'rt', 'include')))
# Link lines of a native program, as hccsim -fnative links: hccsim's OpenMP
# runtime (libhccomp, never libomp: no -fopenmp when linking) on the native
# task runtime.
sanitize = getattr(config, 'hcc_sanitize_flags', '')
config.substitutions.append(('%hcc-rt-native', ' '.join(
    f for f in (sanitize, config.hcc_omp, config.hcc_rt_native, config.hcc_models,
                getattr(config, 'hcc_native_libs', '')) if f)))
# Rewritten files keep the test's own CHECK comments; drop them before
# FileCheck reads the output, or a pattern could match its own text.
config.substitutions.append(('%strip-checks', 'grep -v -E "^// [A-Z]+(-[A-Z]+)?:"'))
# HccPlugin.so (clang-plugin/): test/lit/plugin/ is unsupported without it.
config.hcc_plugin = getattr(config, 'hcc_plugin', '')
if config.hcc_plugin and os.path.exists(config.hcc_plugin):
    config.available_features.add('hcc-plugin')
config.substitutions.append(('%hccplugin', config.hcc_plugin or 'HccPlugin.so'))
# Several CPUs this process may use: a test can restrict a run to one (taskset).
if len(os.sched_getaffinity(0)) >= 2 and shutil.which('taskset'):
    config.available_features.add('several-cpus')
# Link line of a simulated program (as hccsim -fsimulate links), when built.
config.hcc_rt_sim = getattr(config, 'hcc_rt_sim', '')
if config.hcc_rt_sim and os.path.exists(config.hcc_rt_sim):
    config.available_features.add('hcc-rt-sim')
config.substitutions.append(('%hcc-rt-sim', sanitize + ' -Wl,--wrap=main ' + config.hcc_omp + ' ' + (config.hcc_rt_sim or 'libhccrt-sim.a') + ' -lsimgrid ' + config.hcc_models))
# The OpenMP conformance suite (omp/): each program against clang -fopenmp.
config.hccsim = getattr(config, 'hccsim', '')
if config.hccsim and os.path.exists(config.hccsim):
    config.available_features.add('hccsim')
config.substitutions.append(('%hccsim-run', os.path.join(os.path.dirname(config.hccsim), 'hccsim-run') if config.hccsim else 'hccsim-run'))
config.substitutions.append(('%hccsim', config.hccsim or 'hccsim'))
config.substitutions.append(('%omp-check', 'python3 ' + os.path.join(config.test_source_root, 'omp', 'Inputs', 'check.py') +
                             ' --hccsim ' + (config.hccsim or 'hccsim')))
# A CUDA GPU (hccsim built with CUDA, and a device this process sees):
# the GPU tests of e2e/ run, else they are unsupported.
config.hcc_nvcc = getattr(config, 'hcc_nvcc', '')
config.hcc_gpu_count = getattr(config, 'hcc_gpu_count', '')
if config.hcc_nvcc and config.hcc_gpu_count and os.path.exists(config.hcc_gpu_count):
    import subprocess
    try:
        gpus = subprocess.run([config.hcc_gpu_count], capture_output=True, text=True, timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        gpus = '0'
    if gpus.isdigit() and int(gpus) > 0:
        config.available_features.add('cuda-gpu')
config.substitutions.append(('%nvcc', config.hcc_nvcc or 'nvcc'))
config.substitutions.append(('FileCheck', config.filecheck))
config.substitutions.append(('not ', os.path.join(config.llvm_bin, 'not') + ' '))
