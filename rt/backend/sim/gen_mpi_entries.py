#!/usr/bin/env python3
"""Writes the MPI entry points of simulated programs (sim_mpi.cpp includes
the output): one per MPI function that SMPI declares (smpi.h, MPI_CALL), in
front of SMPI's PMPI_ function: made by its rank's main thread
(as_rank_main, sim_mpi.cpp), and, but for local queries, the call is an
entry into the runtime, so that the CPU burst before it is charged
(rt/program/bursts.hpp), as SMPI's own benchmarking would. An error it
returns goes to its communicator's or window's error handler (raised,
sim_mpi.cpp), as SMPI's own MPI_ functions would.

usage: gen_mpi_entries.py SMPI_H OUTPUT
"""
import os
import re
import sys

# Local queries, often called in loops, that never block or let another
# actor run: not entries into the runtime, their cost stays in the burst
# around them.
LOCAL = re.compile(r"^MPI_(Comm_rank|Comm_size|Type_size|Type_get_extent|Get_count|Get_elements|"
                   r"Wtick|Initialized|Finalized|Is_thread_main|Get_processor_name|Get_version|"
                   r"Get_library_version|Error_string|Error_class|Aint_add|Aint_diff|\w+_f2c|\w+_c2f)$")
# Written by hand in sim_mpi.cpp (with the matched probes, which SMPI does
# not implement), and in sim_mpi_io.cpp (MPI_File_*),
# sim_mpi_requests.cpp (the wait and test functions, MPI_Request_free),
# sim_mpi_persistent.cpp (persistent sends, MPI_Start, MPI_Startall),
# sim_mpi_topology.cpp (topologies, MPI_Comm_dup, _idup and _free),
# sim_mpi_ordered_reductions.cpp (scans and nonblocking reductions),
# sim_mpi_shared_windows.cpp (shared windows' segments, MPI_Win_free,
# MPI_Win_sync), sim_mpi_accumulate.cpp (the accumulate functions),
# sim_mpi_types.cpp (the derived datatypes' constructors, MPI_Get_elements)
# and sim_mpi_type_envelopes.cpp (MPI_Type_get_envelope and _contents).
BY_HAND = {"MPI_Init", "MPI_Abort", "MPI_Init_thread", "MPI_Query_thread", "MPI_Pcontrol", "MPI_Op_create", "MPI_Is_thread_main",
           "MPI_Wtime", "MPI_Wait", "MPI_Test", "MPI_Request_get_status", "MPI_Waitany", "MPI_Testany", "MPI_Waitall",
           "MPI_Testall", "MPI_Waitsome", "MPI_Testsome", "MPI_Type_contiguous", "MPI_Type_vector",
           "MPI_Type_create_hvector", "MPI_Type_hvector", "MPI_Type_indexed", "MPI_Type_create_indexed",
           "MPI_Type_create_hindexed", "MPI_Type_hindexed", "MPI_Type_create_indexed_block",
           "MPI_Type_create_hindexed_block", "MPI_Type_create_struct", "MPI_Type_struct", "MPI_Type_create_resized",
           "MPI_Type_create_subarray", "MPI_Type_dup", "MPI_Type_free", "MPI_Type_get_true_extent",
           "MPI_Type_get_true_extent_x", "MPI_Type_create_darray", "MPI_Get_elements", "MPI_Get_elements_x",
           "MPI_Type_match_size", "MPI_Mprobe", "MPI_Improbe", "MPI_Mrecv", "MPI_Imrecv", "MPI_Type_get_extent",
           "MPI_Type_get_extent_x", "MPI_Type_extent", "MPI_Type_lb", "MPI_Type_ub", "MPI_Request_free",
           "MPI_Comm_dup", "MPI_Comm_dup_with_info", "MPI_Comm_free", "MPI_Topo_test", "MPI_Dims_create",
           "MPI_Send_init", "MPI_Bsend_init", "MPI_Rsend_init", "MPI_Start", "MPI_Startall", "MPI_Scan", "MPI_Exscan",
           "MPI_Iscan", "MPI_Iexscan", "MPI_Iallreduce", "MPI_Ireduce", "MPI_Ireduce_scatter",
           "MPI_Ireduce_scatter_block", "MPI_Comm_idup", "MPI_Win_allocate_shared", "MPI_Win_shared_query",
           "MPI_Win_free", "MPI_Win_sync", "MPI_Accumulate", "MPI_Get_accumulate", "MPI_Raccumulate",
           "MPI_Rget_accumulate", "MPI_Type_get_envelope", "MPI_Type_get_contents"}
# MPI-IO (sim_mpi_io*.cpp), topologies (sim_mpi_topology.cpp) and
# neighbourhood collectives (sim_mpi_neighbors.cpp).
ELSEWHERE = re.compile(r"^MPI_(File_|Cart|Graph|Dist_graph_|I?[Nn]eighbor_)")

# What a simulation cannot do: SMPI has no intercommunicators and starts no
# processes. Each stops the simulation with one line saying so, where SMPI
# aborted with its own "Not yet implemented" (exit 134, the rank's output
# that was not flushed lost).
UNSUPPORTED = {
    **dict.fromkeys(("MPI_Intercomm_create", "MPI_Intercomm_merge", "MPI_Comm_remote_group",
                     "MPI_Comm_remote_size"), "intercommunicators are not simulated (SMPI has none)"),
    **dict.fromkeys(("MPI_Comm_spawn", "MPI_Comm_spawn_multiple", "MPI_Comm_connect", "MPI_Comm_accept",
                     "MPI_Comm_join", "MPI_Open_port", "MPI_Close_port"),
                    "a simulation's ranks are the ones hccsim-run starts: no process is added or connected"),
}


def arguments(params):
    params = params.strip()
    if params in ("", "void"):
        return []
    names = []
    for p in params.split(","):
        p = re.sub(r"\[[^\]]*\]", "", p).strip()
        words = re.findall(r"\w+", p)
        if len(words) < 2:
            raise SystemExit(f"gen_mpi_entries.py: parameter without a name: '{p}'")
        names.append(words[-1])
    return names


# Functions whose error codes are not errors to raise: the error handlers'
# own, and the queries that may run before MPI_Init.
NOT_RAISED = re.compile(r"^MPI_(\w+_call_errhandler|\w+_get_errhandler|Errhandler_\w+|Initialized|Finalized|"
                        r"Error_string|Error_class|Finalize)$")


def raised_on(ret, name, params):
    """The expression of the handle whose error handler an error of the call
    goes to: its communicator or window, else MPI_COMM_WORLD; None for a call
    that returns no error code."""
    if ret != "int" or NOT_RAISED.match(name):
        return None
    for p in params.split(","):
        words = re.findall(r"[\w*]+", p)
        if len(words) == 2 and words[0] in ("MPI_Comm", "MPI_Win"):
            return words[1]
    return "MPI_COMM_WORLD"


def main():
    header, output = sys.argv[1], sys.argv[2]
    text = open(header, encoding="utf-8").read()
    decls = re.findall(r"^MPI_CALL\(XBT_PUBLIC ([^,]+), (MPI_\w+),\s*\((.*?)\)\);", text, re.M | re.S)
    if len(decls) < 100:
        raise SystemExit(f"gen_mpi_entries.py: {header}: found {len(decls)} MPI functions, expected hundreds")
    lines = ["// Generated by gen_mpi_entries.py from " + header + ": do not edit.", ""]
    for ret, name, params in decls:
        if name in BY_HAND or ELSEWHERE.match(name):
            continue
        params = " ".join(params.split())
        args = ", ".join(arguments(params))
        lines.append(f'extern "C" {ret} {name}({params}) {{')
        if not LOCAL.match(name):
            lines.append(f'  hcc::rt::SimcallEntry entry("{name}", hcc::rt::g_mpi_cpu_threshold);')
        if name in UNSUPPORTED:
            lines.append("  " + " ".join(f"(void){a};" for a in arguments(params)))
            lines.append(f'  hcc::rt::fatal("{name}: {UNSUPPORTED[name]}: the simulation stops there, no prediction");')
            lines.append("}")
            continue
        handle = raised_on(ret, name, params)
        call = f"P{name}({args})"
        if handle:
            call = f'hcc::rt::raised("{name}", {handle}, {call})'
        lines.append(f'  return hcc::rt::as_rank_main("{name}", [&] {{ return {call}; }});')
        lines.append("}")
    with open(output + ".tmp", "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    os.replace(output + ".tmp", output)


if __name__ == "__main__":
    main()
